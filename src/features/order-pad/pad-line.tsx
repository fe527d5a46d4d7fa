// One line of the order pad: picture, name and rules, the quantity (typed on a numeric keyboard), the unit
// price with its volume tier, the line total, and the line's own problem under it as the dealer types.

import { useState, type CSSProperties, type Ref } from 'react';
import { MAX_QUANTITY } from '../../contract/constants';
import { describeRules, formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { typedQuantityProblem } from '../../contract/quantity-rules';
import type { PadLine } from '../../offline/store';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { QuantityInput } from '../../ui/quantity-input';
import { parseQuantity } from './match-tools';
import type { PadPricing } from './pad-pricing';

export const GONE_MESSAGE = 'This tool is no longer in the catalogue. Remove it to place the order.';

/** The id of a line's quantity box, so the pad can take the dealer to the first line to fix. */
export const quantityBoxId = (productId: string) => `pad-quantity-${productId}`;

/** What is wrong with a line as typed, in the words the server would use; null when it can be ordered. */
export function padLineProblem(product: Product | undefined, quantity: number | null): string | null {
  if (!product) return GONE_MESSAGE;
  return typedQuantityProblem(product, quantity);
}

/** The next volume price the dealer could reach from this quantity, if any. */
function nextTier(product: Product, quantity: number, pricing: PadPricing): { minQnt: number; price: number } | null {
  const ahead = pricing.tiers(product).filter((tier) => tier.minQnt > quantity);
  return ahead.reduce<{ minQnt: number; price: number } | null>((best, tier) => (best === null || tier.minQnt < best.minQnt ? tier : best), null);
}

export interface PadLineRowProps {
  line: PadLine;
  product: Product | undefined;
  /** The server's reason for refusing this line in the last placement; cleared once the line changes. */
  serverProblem: string | undefined;
  /** The quantity as typed, when it is a number the pad can keep. */
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** List prices, or the company's price list. */
  pricing: PadPricing;
  /** What the list puts on the line's item: a windowed list its place, position in the list and measuring ref. */
  itemProps?: {
    ref?: Ref<HTMLLIElement>;
    'data-index'?: number;
    'aria-posinset'?: number;
    'aria-setsize'?: number;
    className?: string;
    style?: CSSProperties;
  };
}

export function PadLineRow({ line, product, serverProblem, onQuantity, onRemove, pricing, itemProps }: PadLineRowProps) {
  // While the dealer types, the box shows what they type (an empty box, a number still being typed); once
  // they leave it, it shows the pad's quantity, which may also have changed in another tab.
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? String(line.quantity);
  const quantity = parseQuantity(text);
  const name = product?.name ?? 'Unknown tool';
  // A line the rules refuse is left out of the pad's total; a server's reason alone (a new price) is news.
  const ruleProblem = padLineProblem(product, quantity);
  const problem = ruleProblem ?? serverProblem ?? null;
  const boxId = quantityBoxId(line.productId);
  const problemId = `${boxId}-problem`;
  const counted = quantity ?? line.quantity;
  const unitPrice = product ? pricing.unit(product, counted) : null;
  const tier = product !== undefined && unitPrice !== null && unitPrice < pricing.unit(product, 1);
  const next = product && quantity !== null ? nextTier(product, quantity, pricing) : null;
  const rules = product
    ? [`min. ${formatCount(product.minOrderQnt)} pcs.`, describeRules(product), `${formatCount(product.availableQnt)} in stock`].filter(Boolean).join(' · ')
    : null;

  return (
    <li
      {...itemProps}
      className={`grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 py-4 sm:grid-cols-[4rem_minmax(0,1fr)_7.5rem_7rem_8rem_auto] sm:items-center ${itemProps?.className ?? ''}`}
      data-testid="pad-line"
    >
      {product ? (
        <img
          {...pictureSources(product.imageUrl, PICTURE_SIZES.thumbnail)}
          alt=""
          width={64}
          height={48}
          loading="lazy"
          className="h-11 w-14 rounded bg-base-200 object-cover sm:h-12 sm:w-16"
        />
      ) : (
        <span aria-hidden="true" className="h-11 w-14 rounded bg-base-200 sm:h-12 sm:w-16" />
      )}
      <div className="min-w-0">
        <p className="break-words font-semibold leading-snug">{name}</p>
        {product?.sku ? <p className="font-mono text-xs text-base-content/75">SKU {product.sku}</p> : null}
        {rules ? <p className="text-sm text-base-content/75">{rules}</p> : null}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-square size-11 text-error sm:col-start-6 sm:row-start-1"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>

      <div className="col-span-3 grid grid-cols-3 items-end gap-3 sm:col-span-3 sm:col-start-3 sm:row-start-1 sm:items-center">
        <div>
          <label htmlFor={boxId} className="mb-1 block text-sm text-base-content/80 sm:sr-only">
            Quantity (pcs.)<span className="sr-only"> of {name}</span>
          </label>
          <QuantityInput
            id={boxId}
            enterKeyHint="done"
            invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            value={text}
            onFocus={() => setTyping(String(line.quantity))}
            onBlur={() => setTyping(null)}
            onChange={(event) => {
              setTyping(event.target.value);
              const typed = parseQuantity(event.target.value);
              if (typed !== null && typed <= MAX_QUANTITY && typed !== line.quantity) onQuantity(typed);
            }}
          />
        </div>
        <div className="text-right">
          <p className="mb-1 text-sm text-base-content/80 sm:sr-only">Unit price</p>
          <p className="min-h-11 content-center tabular-nums sm:min-h-0">
            {unitPrice === null ? '—' : pricing.format(unitPrice)}
            {tier ? <span className="block text-xs font-medium text-base-content/75">volume price</span> : null}
          </p>
        </div>
        <div className="text-right">
          <p className="mb-1 text-sm text-base-content/80 sm:sr-only">Line total</p>
          <p
            className={`min-h-11 content-center tabular-nums sm:min-h-0 ${ruleProblem ? 'text-base-content/75' : 'font-semibold'}`}
            data-testid="pad-line-total"
          >
            {unitPrice === null || quantity === null ? '—' : pricing.format(unitPrice * quantity)}
          </p>
          {ruleProblem ? (
            <p className="text-xs font-medium text-error" data-testid="pad-line-not-counted">
              not counted
            </p>
          ) : null}
        </div>
      </div>

      {problem || next ? (
        <div className="col-span-3 sm:col-span-4 sm:col-start-2">
          {problem ? (
            <p id={problemId} className="text-sm font-medium text-error" role="alert" data-testid="pad-line-problem">
              {problem}
            </p>
          ) : null}
          {next && !problem ? (
            <p className="text-sm text-base-content/75">
              From {formatCount(next.minQnt)} pcs.: {pricing.format(next.price)} each.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
