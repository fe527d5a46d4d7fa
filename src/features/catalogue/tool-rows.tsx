// Our Tools as a compact list: one row per tool with its thumbnail, name, SKU, price (and the lowest
// volume price; the dealer's own where its company has a price list), stock and the row's actions, so a counter tablet shows a dozen tools per screen where the
// cards show two or three. Rows are the same pages as the cards (never thousands at once). The column
// labels are written once above the rows for the eye and inside each row for a screen reader, which reads
// a row as one item of the list.

import { Link } from '@tanstack/react-router';
import { Fragment, memo } from 'react';
import type { Product } from '../../contract/product';
import { formatCount } from '../../contract/pricing';
import type { DealerPrices } from '../../offline/prices';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { unitPriceText } from './tool-price';
import { volumePriceText } from './volume-price';
import type { CardAction } from './tools-list';

export { lowestVolumePrice } from './volume-price';

// One grid for the header and every row, so the columns line up like a table's. Below md the row folds:
// picture and text side by side, the actions under them; from md to lg price and stock share a column, so
// the name keeps room beside the two buttons on a 768 px tablet.
const ROW_GRID =
  'grid grid-cols-[4rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 md:grid-cols-[4rem_minmax(0,1fr)_8rem_auto] lg:grid-cols-[4rem_minmax(0,1fr)_8rem_7rem_auto]';

export const ToolRow = memo(function ToolRow({ product, action, prices }: { product: Product; action?: CardAction | undefined; prices?: DealerPrices | null }) {
  const nameId = `product-${product._id}-row-name`;
  const volume = volumePriceText(product, prices);
  const out = product.availableQnt <= 0;
  return (
    <li className={`${ROW_GRID} border-b border-base-300 px-3 py-3 last:border-b-0 hover:bg-base-200/60`}>
      <img
        key={product._id}
        {...pictureSources(product.imageUrl, PICTURE_SIZES.thumbnail)}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        decoding="async"
        className="h-12 w-16 rounded-field bg-base-200 object-cover"
      />
      <div className="flex min-w-0 flex-wrap items-start gap-x-4 gap-y-1 md:contents">
        <div className="w-full min-w-0 md:w-auto">
          <h3 id={nameId} className="font-bold leading-snug">
            {product.name}
          </h3>
          {product.sku ? <p className="font-mono text-xs text-base-content/75">SKU {product.sku}</p> : null}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 md:grid md:gap-1 md:text-right lg:contents">
          <p className="text-sm">
            <span className="sr-only">Price: </span>
            <span className="font-semibold tabular-nums" data-testid="unit-price">
              {unitPriceText(product, prices)}
            </span>
            <span className="text-base-content/75"> / unit</span>
            {volume ? (
              <span className="block text-xs text-base-content/75" data-testid="volume-price">
                {volume.price} from {formatCount(volume.minQnt)} pcs.
              </span>
            ) : null}
          </p>
          <p className={`text-sm lg:text-right ${out ? 'font-semibold text-error' : ''}`} data-testid="row-stock">
            {out ? (
              'Out of stock'
            ) : (
              <>
                <span className="font-semibold tabular-nums">{formatCount(product.availableQnt)}</span> pcs.
                <span className="lg:sr-only"> in stock</span>
              </>
            )}
            <span className="block text-xs text-base-content/75">min. {formatCount(product.minOrderQnt)}</span>
          </p>
        </div>
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 md:col-span-1 md:justify-end">
        <Link to="/products/$id" params={{ id: product._id }} className="btn btn-primary flex-1 md:flex-none" aria-describedby={nameId}>
          Order Now
        </Link>
        <Fragment key={product._id}>{action?.(product, nameId, 'row')}</Fragment>
      </div>
    </li>
  );
});

export function ToolRows({
  products,
  action,
  busy,
  prices,
}: {
  products: Product[];
  action?: CardAction | undefined;
  busy: boolean;
  prices?: DealerPrices | null;
}) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <div aria-hidden="true" className={`${ROW_GRID} hidden border-b border-base-300 px-3 py-2 text-sm font-semibold text-base-content/75 md:grid`}>
        <span />
        <span>Tool</span>
        <span className="text-right lg:hidden">Price, stock</span>
        <span className="hidden text-right lg:block">Price</span>
        <span className="hidden text-right lg:block">In stock</span>
        <span className="text-right">Order</span>
      </div>
      <ul aria-label="Tools" aria-busy={busy} data-testid="tool-rows">
        {products.map((product, place) => (
          // By place, as the cards (ProductCard): a new answer rewrites the rows on screen.
          <ToolRow key={place} product={product} action={action} prices={prices} />
        ))}
      </ul>
    </div>
  );
}
