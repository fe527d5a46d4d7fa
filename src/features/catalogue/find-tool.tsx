// The top bar's search for signed-in dealers: a tool by name, by SKU ("FL-CS184") or by the SKU's own
// part ("CS184") from any screen. It is Our Tools' search (search-products.ts), the same query under the
// same key, so it answers from the saved catalogue offline, and the catalogue opened with its search finds
// the answer already there. Choosing a tool opens its purchase page; Enter opens Our Tools with the search.
// From md (768 px) the field is in the bar; on a phone a button in the bar opens it under the bar.

import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { type Product, CATALOGUE_SEARCH_MAX_LENGTH, searchWords } from '../../contract/product';
import { formatCount } from '../../contract/pricing';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { CATALOGUE_SEARCH_ANCHOR } from './catalogue-filters';
import { productSearchQueryOptions } from './search-products';
import { unitPriceText, useCataloguePrices } from './tool-price';

/** Tools listed under the field; the rest are one Enter away, in Our Tools. */
export const FIND_TOOL_RESULTS = 6;

/** The option the arrow keys move to next: past the last comes the first, and before the first the last. */
export function nextOption(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

function SearchIcon({ className = '' }: { className?: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className={className}
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

function ToolOption({ product, id, active, onChoose, onHover }: { product: Product; id: string; active: boolean; onChoose: () => void; onHover: () => void }) {
  // Read where a tool is shown, not by the bar: the price list (and the device's store it is kept in) loads
  // when the dealer first searches here, not with every signed-in page.
  const prices = useCataloguePrices();
  return (
    // The field keeps focus while the pointer chooses (aria-activedescendant names the option for the keys),
    // so a press must not take it: the option is chosen on click.
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`flex cursor-pointer items-center gap-3 rounded-field px-2 py-2 ${active ? 'bg-base-200' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
    >
      <img
        {...pictureSources(product.imageUrl, PICTURE_SIZES.thumbnail)}
        alt=""
        width={56}
        height={42}
        decoding="async"
        className="h-10 w-14 shrink-0 rounded-field bg-base-200 object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{product.name}</span>
        {product.sku ? <span className="block font-mono text-xs text-base-content/75">{product.sku}</span> : null}
      </span>
      <span className="shrink-0 text-right text-sm">
        <span className="block font-semibold tabular-nums">{unitPriceText(product, prices)}</span>
        <span className={`block text-xs ${product.availableQnt > 0 ? 'text-base-content/75' : 'font-semibold text-error'}`}>
          {product.availableQnt > 0 ? `${formatCount(product.availableQnt)} in stock` : 'Out of stock'}
        </span>
      </span>
    </li>
  );
}

/** For signed-in dealers (the app's root gives it to the bar): admins cannot order, and a visitor's bar stays as the public pages show it. */
export function FindTool() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Below md: whether the field is open under the bar. */
  const [panel, setPanel] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const inputId = `${ids}-field`;
  const listId = `${ids}-list`;
  const panelId = `${ids}-panel`;

  const q = useDeferredValue(text.trim());
  const searching = searchWords(q).length > 0;
  const results = useInfiniteQuery({ ...productSearchQueryOptions({ q, category: null }), enabled: searching });
  const first = searching ? results.data?.pages[0] : undefined;
  const tools = first?.items.slice(0, FIND_TOOL_RESULTS) ?? [];
  const total = first?.total ?? 0;
  // After the tools, the way to Our Tools: all the tools found, or, before anything is typed, the whole
  // catalogue (where the bar has no room for the Catalogue link, the field is the way there).
  const empty = text.trim() === '';
  const catalogueOption = empty || total > 0;
  const optionCount = tools.length + (catalogueOption ? 1 : 0);
  const showing = open && (searching || empty);
  const activeId = showing && active >= 0 && active < optionCount ? `${ids}-option-${active}` : undefined;

  useEffect(() => {
    if (panel) input.current?.focus();
  }, [panel]);

  // A press outside closes the list and, on a phone, the field.
  useEffect(() => {
    if (!open && !panel) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) {
        setOpen(false);
        setPanel(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, panel]);

  const reset = () => {
    setText('');
    setOpen(false);
    setActive(-1);
    setPanel(false);
    input.current?.blur();
  };

  const openTool = (product: Product) => {
    reset();
    void router.navigate({ to: '/products/$id', params: { id: product._id } });
  };

  /** Our Tools, with what was typed as its search, or the whole catalogue when nothing was. */
  const showAll = () => {
    const search = text.trim();
    reset();
    void router.navigate(search === '' ? { to: '/', hash: 'tools' } : { to: '/', search: { q: search }, hash: CATALOGUE_SEARCH_ANCHOR });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = showing && active >= 0 ? tools[active] : undefined;
    if (chosen) openTool(chosen);
    else showAll();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => nextOption(current, optionCount, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Escape') {
      if (showing) {
        setOpen(false);
        setActive(-1);
      } else if (panel) {
        setPanel(false);
        toggle.current?.focus();
      } else {
        setText('');
      }
    }
  };

  let status = '';
  if (searching && first) status = total === 0 ? 'No tools found' : `${formatCount(total)} ${total === 1 ? 'tool' : 'tools'} found`;
  else if (searching && results.isError) status = 'The tools could not be searched right now';

  return (
    <div
      ref={root}
      className="ml-auto md:ml-3 md:min-w-40 md:max-w-md md:flex-1 lg:ml-4"
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && root.current?.contains(event.relatedTarget)) return;
        if (event.relatedTarget === null) return;
        setOpen(false);
        setPanel(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-square size-11 md:hidden"
        aria-label="Find a tool"
        aria-expanded={panel}
        aria-controls={panelId}
        onClick={() => setPanel((shown) => !shown)}
      >
        <SearchIcon />
      </button>
      <div
        id={panelId}
        className={`${panel ? 'absolute inset-x-0 top-full border-b border-base-300 bg-base-100 p-3 shadow-lg' : 'hidden'} md:relative md:inset-auto md:top-auto md:block md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        <form role="search" aria-label="Find a tool" onSubmit={onSubmit}>
          <label htmlFor={inputId} className="sr-only">
            Find a tool
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 z-[1] -translate-y-1/2 text-base-content/60" />
            <input
              ref={input}
              id={inputId}
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={showing}
              aria-controls={listId}
              aria-activedescendant={activeId}
              className="input input-bordered h-11 w-full pl-10"
              placeholder="Name or SKU"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={CATALOGUE_SEARCH_MAX_LENGTH}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onKeyDown={onKeyDown}
            />
          </div>
        </form>
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
        <div
          className={`${showing ? '' : 'hidden'} absolute inset-x-0 top-full z-10 mt-1 max-h-[calc(100dvh-9rem)] overflow-y-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-xl md:left-auto md:right-auto md:w-[min(28rem,calc(100vw-2rem))]`}
        >
          <ul id={listId} role="listbox" aria-label="Tools found">
            {tools.map((product, i) => (
              <ToolOption
                key={product._id}
                product={product}
                id={`${ids}-option-${i}`}
                active={i === active}
                onChoose={() => openTool(product)}
                onHover={() => setActive(i)}
              />
            ))}
            {catalogueOption ? (
              // Chosen with the arrow keys and Enter in the field, or a click.
              <li
                id={`${ids}-option-${tools.length}`}
                role="option"
                aria-selected={active === tools.length}
                className={`cursor-pointer rounded-field px-2 py-3 text-sm font-semibold text-primary ${tools.length > 0 ? 'mt-1 border-t border-base-300' : ''} ${active === tools.length ? 'bg-base-200' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(tools.length)}
                onClick={showAll}
              >
                {empty ? 'Browse the whole catalogue' : `Show all ${formatCount(total)} in the catalogue`}
              </li>
            ) : null}
          </ul>
          {searching && first && total === 0 ? <p className="px-2 py-3 text-sm">No tools match “{q}”.</p> : null}
          {searching && !first && results.isError ? <p className="px-2 py-3 text-sm">The tools could not be searched right now.</p> : null}
          {searching && !first && !results.isError ? <p className="px-2 py-3 text-sm text-base-content/75">Searching…</p> : null}
        </div>
      </div>
    </div>
  );
}
