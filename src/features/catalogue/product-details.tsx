// The purchase page's tool (the spec): picture, name, description and its three facts, with its
// bulk-order rules when it has any; or why it could not be shown.

import { Link } from '@tanstack/react-router';
import { isNotFound } from '../../api/errors';
import { describeRules, formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { PRODUCT_SECTION_CLASS, ProductName, ProductPicture } from './product-preview';
import { unitPriceText, useCataloguePrices } from './tool-price';
import { volumePriceText } from './volume-price';
import type { DealerPrices } from '../../offline/prices';

function ProductFacts({ product, prices }: { product: Product; prices: DealerPrices | null }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {[
        ['Minimum order', `${formatCount(product.minOrderQnt)} pcs.`],
        ['Available', `${formatCount(product.availableQnt)} pcs.`],
        ['Price per unit', unitPriceText(product, prices)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-box bg-base-200 px-3 py-3 sm:px-4">
          <dt className="text-xs text-base-content/75 sm:text-sm">{label}</dt>
          <dd className="font-bold sm:text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Ordering rules: in packs of 6, at most 500 per order" and where volume prices start, when the tool has them. */
function ProductRules({ product, prices }: { product: Product; prices: DealerPrices | null }) {
  const rules = describeRules(product);
  const tiers = prices ? prices.tiers(product) : (product.priceTiers ?? []);
  if (!rules && tiers.length === 0) return null;
  const best = volumePriceText(product, prices);
  const first = tiers.reduce<number | null>((lowest, tier) => (lowest === null || tier.minQnt < lowest ? tier.minQnt : lowest), null);
  return (
    <div className="grid gap-1 rounded-box border border-info/40 bg-info/10 px-4 py-3 text-sm" data-testid="product-rules">
      {rules ? (
        <p>
          <span className="font-semibold">Ordering rules:</span> {rules}.
        </p>
      ) : null}
      {best && first !== null ? (
        <p>
          <span className="font-semibold">Volume prices:</span> from {formatCount(first)} pcs., down to {best.price} per unit.
        </p>
      ) : null}
    </div>
  );
}

export function ProductDetails({ product }: { product: Product }) {
  const prices = useCataloguePrices();
  return (
    <section aria-labelledby="product-name" className={PRODUCT_SECTION_CLASS}>
      <ProductPicture picture={pictureSources(product.imageUrl, PICTURE_SIZES.details)} name={product.name} />
      <div>
        <ProductName name={product.name} />
        {product.sku ? (
          <p className="mt-2 font-mono text-sm text-base-content/75" data-testid="product-sku">
            SKU {product.sku}
            {product.category ? <span className="font-sans"> · {product.category}</span> : null}
          </p>
        ) : null}
      </div>
      <p className="leading-relaxed text-base-content/85">{product.description}</p>
      <ProductFacts product={product} prices={prices} />
      {prices ? (
        <p className="text-sm text-base-content/80" data-testid="dealer-prices-note">
          {prices.note}
        </p>
      ) : null}
      <ProductRules product={product} prices={prices} />
    </section>
  );
}

export function ProductLoadError({ error }: { error: Error }) {
  const missing = isNotFound(error);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold">{missing ? 'This tool was not found' : 'The tool could not be loaded'}</h1>
      <p className="mt-3">{missing ? 'It may have been taken out of the catalogue.' : error.message}</p>
      <Link to="/" hash="tools" className="btn btn-primary mt-6">
        See all tools
      </Link>
    </div>
  );
}
