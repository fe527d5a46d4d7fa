// The volume prices of a tool as a small table: which quantities get which unit price, with the row the
// typed quantity falls in highlighted, so the dealer sees why the total moved.

import { formatCount, formatDollars } from '../contract/pricing';

export interface PriceBand {
  from: number;
  /** null: and more. */
  to: number | null;
  price: number;
}

/** The quantity bands a tool sells in, from its minimum: the list price first, then each tier. */
export function priceBands(terms: { price: number; minOrderQnt: number; priceTiers?: readonly { minQnt: number; price: number }[] | undefined }): PriceBand[] {
  const tiers = [...(terms.priceTiers ?? [])].sort((a, b) => a.minQnt - b.minQnt);
  const starts = [{ minQnt: terms.minOrderQnt, price: terms.price }, ...tiers];
  const bands: PriceBand[] = [];
  starts.forEach((start, i) => {
    const from = Math.max(start.minQnt, terms.minOrderQnt);
    const next = starts[i + 1];
    const to = next ? next.minQnt - 1 : null;
    if (to === null || to >= from) bands.push({ from, to, price: start.price });
  });
  return bands;
}

const pcs = formatCount;

export function bandLabel(band: PriceBand): string {
  if (band.to === null) return `${pcs(band.from)} pcs. and more`;
  return band.to === band.from ? `${pcs(band.from)} pcs.` : `${pcs(band.from)}–${pcs(band.to)} pcs.`;
}

export interface PriceTiersProps {
  price: number;
  minOrderQnt: number;
  priceTiers: readonly { minQnt: number; price: number }[];
  /** The quantity the total is worked out for. */
  quantity: number;
  /** How a price is written: whole US dollars unless the prices are a dealer's own, in its list's currency. */
  format?: (price: number) => string;
}

export function PriceTiers({ price, minOrderQnt, priceTiers, quantity, format = formatDollars }: PriceTiersProps) {
  const bands = priceBands({ price, minOrderQnt, priceTiers });
  return (
    <table className="table table-sm rounded-box border border-base-300" data-testid="price-tiers">
      <caption className="pb-1 text-left font-medium">Volume prices</caption>
      <thead>
        <tr>
          <th scope="col" className="text-base-content/85">
            Quantity
          </th>
          <th scope="col" className="text-right text-base-content/85">
            Unit price
          </th>
        </tr>
      </thead>
      <tbody>
        {bands.map((band) => {
          const applies = quantity >= band.from && (band.to === null || quantity <= band.to);
          return (
            <tr key={band.from} aria-current={applies ? 'true' : undefined} className={applies ? 'bg-primary/10 font-semibold' : undefined}>
              <td>
                {bandLabel(band)}
                {applies ? <span className="badge badge-primary badge-sm ml-2 align-middle font-normal">your quantity</span> : null}
              </td>
              <td className="text-right tabular-nums">{format(band.price)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
