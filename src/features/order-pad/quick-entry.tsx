// The pad's quick-entry line, made for a dealer reading an order off a list: type part of a tool's name,
// pick it (arrows and Enter, or a tap), type the quantity, Enter. The line goes on the pad and focus is
// back in the name box for the next tool. The name box is an ARIA 1.2 combobox with a list popup.
// A quantity below the minimum or off the pack is rounded up to the next one the tool is sold in, and the
// line says so; one the rules refuse even then (above the stock or the maximum) is refused with the reason.
// The line on the pad is what is checked: a tool already on it adds to its line.
// A barcode scanner that types the tool's number and Enter into the name box (as USB and Bluetooth scanners
// do) adds the tool at once: its smallest quantity, or one pack more when it is on the pad already
// (docs/decisions/048-barcodes-on-the-counter.md); a number no tool has is said so. **Scan with the camera**
// reads barcodes from the device's camera through the same path.

import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { describeRules, formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { barcodeDigits, gtinCheckDigit, normalizeGtin } from '../../contract/gtin';
import { roundUpToAllowed, smallestAllowed } from '../../contract/quantity-rules';
import { fieldAria } from '../../ui/form-field';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { matchTools, parseQuantity } from './match-tools';
import { padPricing, type PadPricing } from './pad-pricing';
import { QUICK_ENTRY_BOX_CLASS, QuickEntryIntro } from './quick-entry-box';

// The camera and its reader load only when the dealer opens them.
const CameraScan = lazy(() => import('./camera-scan'));

export interface QuickEntryProps {
  products: readonly Product[];
  /** How many pieces of a tool are on the pad already (0 when it is not on it). */
  onPad: (productId: string) => number;
  /** Puts the tool on the pad (or adds to its line). */
  onAdd: (product: Product, quantity: number) => Promise<void>;
  /** List prices (the default), or the company's price list. */
  pricing?: PadPricing;
}

function ruleHint(product: Product): string {
  const rules = describeRules(product);
  return [`min. ${formatCount(product.minOrderQnt)} pcs.`, rules, `${formatCount(product.availableQnt)} in stock`].filter(Boolean).join(' · ');
}

export function QuickEntry({ products, onPad, onAdd, pricing = padPricing(null) }: QuickEntryProps) {
  const id = useId();
  const nameId = `${id}-tool`;
  const listId = `${id}-matches`;
  const quantityId = `${id}-quantity`;
  const hintId = `${id}-hint`;
  const nameBox = useRef<HTMLInputElement>(null);
  const quantityBox = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<Product | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<{ field: 'tool' | 'quantity'; message: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [lastScan, setLastScan] = useState<{ text: string; ok: boolean } | null>(null);

  const matches = picked ? [] : matchTools(products, typed);
  const listOpen = open && matches.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (product: Product) => {
    setPicked(product);
    setTyped(product.name);
    setOpen(false);
    setActive(-1);
    setError(null);
    setQuantity(String(smallestAllowed(product)));
    // After React has drawn the quantity box with its value: select it, so typing replaces it.
    requestAnimationFrame(() => {
      quantityBox.current?.focus();
      quantityBox.current?.select();
    });
  };

  /**
   * A scanned (or typed) barcode number, its digits: the tool with it goes on the pad, its smallest quantity the
   * first time and one pack more each time after.
   */
  const addScanned = async (digits: string): Promise<void> => {
    const gtin = normalizeGtin(digits);
    const product = gtin ? products.find((candidate) => candidate.gtin === gtin) : undefined;
    if (!product) {
      const message = gtin
        ? `No tool in the catalogue has the barcode ${gtin}.`
        : `The barcode ${digits} did not read right (its last digit should be ${gtinCheckDigit(digits.slice(0, -1))}): scan it again.`;
      setError({ field: 'tool', message });
      setAnnouncement('');
      setLastScan({ text: message, ok: false });
      nameBox.current?.select();
      return;
    }
    const already = onPad(product._id);
    const line = roundUpToAllowed(product, already > 0 ? already + (product.packSize ?? 1) : smallestAllowed(product));
    if ('problem' in line) {
      const message = `${product.name}: ${line.problem}${already > 0 ? ` ${formatCount(already)} pcs. are on the pad already.` : ''}`;
      setError({ field: 'tool', message });
      setLastScan({ text: message, ok: false });
      nameBox.current?.select();
      return;
    }
    setBusy(true);
    try {
      await onAdd(product, line.quantity - already);
    } catch {
      setError({ field: 'tool', message: 'The line could not be saved on this device. Please try again.' });
      return;
    } finally {
      setBusy(false);
    }
    const added = `Scanned: ${formatCount(line.quantity - already)} pcs. of ${product.name} added, ${formatCount(line.quantity)} pcs. on the pad.`;
    setAnnouncement(added);
    setLastScan({ text: added, ok: true });
    setTyped('');
    setPicked(null);
    setQuantity('');
    setError(null);
    setOpen(false);
    if (!camera) nameBox.current?.focus();
  };

  const onNameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (listOpen ? (current + step + matches.length) % matches.length : step === 1 ? 0 : matches.length - 1));
    } else if (event.key === 'Enter') {
      // Enter picks here; it never sends the form from the name box.
      event.preventDefault();
      // A barcode number, unless it is the SKU of a tool (a SKU may be all digits) or the dealer has chosen one
      // of the tools listed for it (digits typed may be part of a tool's name; a scanner never moves in the list).
      const chosen = listOpen && active >= 0;
      const scanned = picked || chosen ? null : barcodeDigits(typed);
      if (scanned && !products.some((product) => product.sku === typed.trim().toUpperCase())) {
        void addScanned(scanned);
        return;
      }
      const choice = chosen ? matches[active] : matches.length === 1 ? matches[0] : undefined;
      if (choice) pick(choice);
      else if (picked) quantityBox.current?.focus();
      else setError({ field: 'tool', message: typed.trim() === '' ? 'Type part of a tool name.' : 'Pick a tool from the list.' });
    } else if (event.key === 'Escape') {
      if (listOpen) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (typed !== '') {
        event.preventDefault();
        setTyped('');
        setPicked(null);
        setQuantity('');
        setError(null);
      }
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!picked) {
      setError({ field: 'tool', message: 'Pick a tool from the list.' });
      nameBox.current?.focus();
      return;
    }
    const pieces = parseQuantity(quantity);
    const already = onPad(picked._id);
    const line = roundUpToAllowed(picked, pieces === null ? null : already + pieces);
    if ('problem' in line) {
      const onIt = pieces !== null && already > 0 ? ` ${formatCount(already)} pcs. are on the pad already.` : '';
      setError({ field: 'quantity', message: `${line.problem}${onIt}` });
      quantityBox.current?.focus();
      return;
    }
    const added = line.quantity - already;
    setBusy(true);
    try {
      await onAdd(picked, added);
    } catch {
      setError({ field: 'quantity', message: 'The line could not be saved on this device. Please try again.' });
      return;
    } finally {
      setBusy(false);
    }
    const what =
      already > 0
        ? `${formatCount(added)} pcs. of ${picked.name} added: ${formatCount(line.quantity)} pcs. on the pad.`
        : `${formatCount(added)} pcs. of ${picked.name} added.`;
    setAnnouncement(line.note ? `${line.note} ${what}` : what);
    setTyped('');
    setPicked(null);
    setQuantity('');
    setError(null);
    nameBox.current?.focus();
  };

  const toolError = error?.field === 'tool' ? error.message : undefined;
  const quantityError = error?.field === 'quantity' ? error.message : undefined;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={QUICK_ENTRY_BOX_CLASS} aria-labelledby={`${id}-title`}>
      <QuickEntryIntro titleId={`${id}-title`} />
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto]">
        <div className="relative col-span-2 sm:col-span-1">
          <label htmlFor={nameId} className="mb-1 block font-medium">
            Tool
          </label>
          <input
            ref={nameBox}
            {...fieldAria(nameId, toolError)}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={listId}
            aria-activedescendant={listOpen && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="next"
            placeholder="e.g. drill or FL-CS184"
            className={`input w-full ${toolError ? 'input-error' : ''}`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPicked(null);
              setOpen(true);
              setActive(-1);
              setError(null);
            }}
            onKeyDown={onNameKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Matching tools"
            hidden={!listOpen}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
          >
            {matches.map((product, index) => (
              <li
                key={product._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-field px-2 py-1 ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                // Keep the focus in the name box: a tap picks the tool instead of blurring the box first.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(product)}
              >
                <img
                  {...pictureSources(product.imageUrl, PICTURE_SIZES.thumbnail)}
                  alt=""
                  width={40}
                  height={30}
                  className="h-8 w-10 shrink-0 rounded bg-base-200 object-cover"
                />
                <span className="min-w-0 flex-1 truncate font-medium">{product.name}</span>
                <span className="shrink-0 text-sm tabular-nums">{pricing.format(pricing.unit(product, 1))}</span>
              </li>
            ))}
          </ul>
          {toolError ? (
            <p id={`${nameId}-error`} className="mt-1 text-sm text-error" role="alert">
              {toolError}
            </p>
          ) : null}
          {typed.trim() !== '' && !picked && matches.length === 0 ? (
            <p className="mt-1 text-sm text-base-content/80" role="status">
              No tool matches “{typed.trim()}”.
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={quantityId} className="mb-1 block font-medium">
            Quantity (pcs.)
          </label>
          <input
            ref={quantityBox}
            {...fieldAria(quantityId, quantityError, picked ? hintId : undefined)}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            enterKeyHint="done"
            className={`input w-full tabular-nums ${quantityError ? 'input-error' : ''}`}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value);
              if (error?.field === 'quantity') setError(null);
            }}
          />
          {quantityError ? (
            <p id={`${quantityId}-error`} className="mt-1 text-sm text-error" role="alert">
              {quantityError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary mt-7" disabled={busy}>
          Add line
        </button>
      </div>
      {typeof navigator !== 'undefined' && navigator.mediaDevices ? (
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm mt-3 bg-base-100"
          aria-haspopup="dialog"
          onClick={() => {
            setLastScan(null);
            setCamera(true);
          }}
        >
          Scan with the camera
        </button>
      ) : null}
      {camera ? (
        <Suspense fallback={null}>
          <CameraScan
            result={lastScan}
            onCode={(code) => {
              const digits = barcodeDigits(code);
              if (digits) void addScanned(digits);
            }}
            onClose={() => {
              setCamera(false);
              nameBox.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {picked ? (
        <p id={hintId} className="mt-2 text-sm text-base-content/80">
          {picked.name}: {pricing.format(pricing.unit(picked, 1))} each, {ruleHint(picked)}
        </p>
      ) : null}
      <p className="mt-2 text-sm" role="status" aria-live="polite" data-testid="quick-entry-status">
        {announcement}
      </p>
    </form>
  );
}
