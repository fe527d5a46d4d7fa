// One tool's entry on a price list, added or changed by an admin (docs/decisions/045-price-lists-and-money.md):
// the tool, found by name or SKU; then the list's own percentage, a fixed price typed in the list's currency
// (12.50, sent as minor units) or a percentage off (12.5, sent as basis points); and up to five tiers of its
// own, each from a number of pieces at a lower price. The first field in error takes the focus.

import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { errorMessage } from '../../api/errors';
import { MAX_PRICE_TIERS } from '../../contract/constants';
import { formatMoney, listMinor, parseMajor, type CurrencyCode } from '../../contract/money';
import { MAX_PERCENT_OFF, PriceListEntrySchema, priceListMessages, type PriceListEntry } from '../../contract/price-list';
import { formatPercent, formatRate, parsePercent, type PriceListEntryView } from '../../contract/price-list-admin';
import { fieldAria, FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { useFindTools } from './find-tools';
import { percentMessage } from './price-list-form';
import { useWritePriceListEntries } from './write-price-list-entries';

type Kind = 'default' | 'price' | 'percent';
interface Tool {
  productId: string;
  name: string;
  sku: string;
  listPrice: number;
}
interface TierText {
  key: number;
  minQnt: string;
  price: string;
}

const tierMessage = 'Enter each tier as a number of pieces from 2, rising from tier to tier, with a lower price each time';

/** Minor units as the field shows them: `12.5` for 1250 cents, `1200` for 1200 yen. */
const minorToField = (minor: number, currency: CurrencyCode) => formatMoney(minor, currency, 'en-US').replace(/[^\d.]/gu, '');

export interface EntryFormProps {
  listId: string;
  currency: CurrencyCode;
  defaultPercentOff: number;
  /** The entry to change; null to add a tool. */
  entry: PriceListEntryView | null;
  online: boolean;
  onDone: () => void;
}

export function PriceListEntryForm({ listId, currency, defaultPercentOff, entry, online, onDone }: EntryFormProps) {
  const id = useId();
  const write = useWritePriceListEntries();
  const [tool, setTool] = useState<Tool | null>(entry);
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  const found = useFindTools(asked);
  const [kind, setKind] = useState<Kind>(entry?.price != null ? 'price' : entry?.percentOff != null ? 'percent' : 'default');
  const [price, setPrice] = useState(entry?.price != null ? minorToField(entry.price, currency) : '');
  const [percent, setPercent] = useState(entry?.percentOff != null ? formatRate(entry.percentOff * 10_000) : '');
  const nextKey = useRef(0);
  const [tiers, setTiers] = useState<TierText[]>(() =>
    (entry?.tiers ?? []).map((tier) => ({ key: nextKey.current++, minQnt: String(tier.minQnt), price: minorToField(tier.price, currency) })),
  );
  const [errors, setErrors] = useState<{ tool?: string; price?: string; percent?: string; tiers?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const percentRef = useRef<HTMLInputElement>(null);
  const tiersRef = useRef<HTMLFieldSetElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: typeof errors = {};
    if (!tool) next.tool = 'Find the tool by its name or SKU and choose it';
    const fixed = kind === 'price' ? parseMajor(price, currency) : null;
    if (kind === 'price' && (fixed === null || fixed < 1)) next.price = `Enter the price in ${currency}, such as ${minorToField(1250, currency)}`;
    const percentOff = kind === 'percent' ? parsePercent(percent) : null;
    if (kind === 'percent' && (percentOff === null || percentOff > MAX_PERCENT_OFF)) next.percent = percentMessage;
    const tierValues = tiers.map((tier) => ({ minQnt: Number(tier.minQnt.trim()), price: parseMajor(tier.price, currency) }));
    if (tierValues.some((tier) => !Number.isInteger(tier.minQnt) || tier.price === null)) next.tiers = tierMessage;
    const body: PriceListEntry = {
      productId: tool?.productId ?? '',
      price: fixed,
      percentOff,
      tiers: tierValues.map((tier) => ({ minQnt: tier.minQnt, price: tier.price ?? 0 })),
    };
    if (!next.tiers && !v.safeParse(PriceListEntrySchema, body).success) next.tiers = priceListMessages.tiers;
    if (!next.tiers && fixed !== null && body.tiers.some((tier) => tier.price >= fixed)) next.tiers = 'Every tier price must be below the fixed price';
    setErrors(next);
    if (next.tool) return searchRef.current?.focus();
    if (next.price) return priceRef.current?.focus();
    if (next.percent) return percentRef.current?.focus();
    if (next.tiers) return tiersRef.current?.querySelector('input')?.focus();
    write.mutate(
      { id: listId, entries: [body] },
      {
        onSuccess: () => {
          toast.success(`${tool?.name ?? 'The tool'} is priced on the list`);
          onDone();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const kinds: [Kind, string][] = [
    ['default', `The list’s ${formatPercent(defaultPercentOff)} off`],
    ['price', `A fixed price in ${currency}`],
    ['percent', 'A percentage off of its own'],
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {entry ? `Change the price of ${entry.name}` : 'Price a tool'}
      </h2>
      <form noValidate className="grid gap-4" aria-busy={write.isPending} onSubmit={submit}>
        {tool ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium break-words">{tool.name}</span>
            <span className="text-sm text-base-content/70">
              SKU {tool.sku} · list price {formatMoney(listMinor(tool.listPrice), 'USD')}
            </span>
            {entry ? null : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTool(null)}>
                Choose another tool
              </button>
            )}
          </p>
        ) : (
          <div className="grid gap-2">
            <FormField id={`${id}-tool`} label="Find the tool by name or SKU" error={errors.tool}>
              <div className="join w-full">
                <input
                  {...fieldAria(`${id}-tool`, errors.tool)}
                  ref={searchRef}
                  type="search"
                  className={`input join-item w-full ${errors.tool ? 'input-error' : ''}`}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      setAsked(search);
                    }
                  }}
                />
                <button type="button" className="btn btn-primary join-item" onClick={() => setAsked(search)}>
                  Find
                </button>
              </div>
            </FormField>
            <div aria-live="polite" className="grid gap-1">
              {found.isFetching ? <span className="text-sm">Finding tools…</span> : null}
              {found.data && found.data.items.length === 0 ? <span className="text-sm">No tool matches “{asked}”.</span> : null}
              {found.data && found.data.items.length > 0 ? (
                <ul className="grid gap-1" aria-label="Tools found">
                  {found.data.items.map((item) => (
                    <li key={item._id}>
                      <button
                        type="button"
                        className="btn btn-outline btn-sm h-auto min-h-11 w-full justify-start py-2 text-left"
                        onClick={() => {
                          setTool({ productId: item._id, name: item.name, sku: item.sku ?? '', listPrice: item.price });
                          setErrors({});
                        }}
                      >
                        <span className="break-words">{item.name}</span>
                        <span className="font-normal text-base-content/70">
                          {item.sku ?? ''} · {formatMoney(listMinor(item.price), 'USD')}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Its price on the list</legend>
          {kinds.map(([value, label]) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" name={`${id}-kind`} className="radio radio-primary" checked={kind === value} onChange={() => setKind(value)} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'price' ? (
          <FormField id={`${id}-price`} label={`Fixed price (${currency})`} error={errors.price}>
            <input
              {...fieldAria(`${id}-price`, errors.price)}
              ref={priceRef}
              className={`input w-full tabular-nums sm:max-w-xs ${errors.price ? 'input-error' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
            />
          </FormField>
        ) : null}
        {kind === 'percent' ? (
          <FormField id={`${id}-percent`} label="% off" error={errors.percent}>
            <input
              {...fieldAria(`${id}-percent`, errors.percent)}
              ref={percentRef}
              className={`input w-full tabular-nums sm:max-w-xs ${errors.percent ? 'input-error' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          </FormField>
        ) : null}
        <fieldset ref={tiersRef} className="grid gap-2" aria-describedby={errors.tiers ? `${id}-tiers-error` : undefined}>
          <legend className="mb-1 font-medium">Volume tiers (optional)</legend>
          {tiers.map((tier, i) => (
            <div key={tier.key} className="flex flex-wrap items-end gap-3">
              <FormField id={`${id}-tier-${tier.key}-qnt`} label={`Tier ${i + 1}: from pieces`}>
                <input
                  id={`${id}-tier-${tier.key}-qnt`}
                  className="input w-32 tabular-nums"
                  inputMode="numeric"
                  autoComplete="off"
                  value={tier.minQnt}
                  aria-invalid={Boolean(errors.tiers)}
                  onChange={(event) => setTiers(tiers.map((t) => (t.key === tier.key ? { ...t, minQnt: event.target.value } : t)))}
                />
              </FormField>
              <FormField id={`${id}-tier-${tier.key}-price`} label={`Tier ${i + 1}: price (${currency})`}>
                <input
                  id={`${id}-tier-${tier.key}-price`}
                  className="input w-36 tabular-nums"
                  inputMode="decimal"
                  autoComplete="off"
                  value={tier.price}
                  aria-invalid={Boolean(errors.tiers)}
                  onChange={(event) => setTiers(tiers.map((t) => (t.key === tier.key ? { ...t, price: event.target.value } : t)))}
                />
              </FormField>
              <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setTiers(tiers.filter((t) => t.key !== tier.key))}>
                Remove tier {i + 1}
              </button>
            </div>
          ))}
          {tiers.length < MAX_PRICE_TIERS ? (
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11 justify-self-start"
              onClick={() => setTiers([...tiers, { key: nextKey.current++, minQnt: '', price: '' }])}
            >
              Add a tier
            </button>
          ) : null}
          {errors.tiers ? (
            <p id={`${id}-tiers-error`} className="text-sm text-error">
              {errors.tiers}
            </p>
          ) : null}
        </fieldset>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          <SaveBar id={id} label="Save the tool’s price" online={online} saving={write.isPending} dirty={false} />
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
