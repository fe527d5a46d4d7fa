// The home page's tool cards (spec section 2, Tools): image, name, description cut to 150
// characters plus an ellipsis, and 'Order Now'. A spinner shows while the catalogue loads.

import { Link } from '@tanstack/react-router';
import type { Product } from '../../contract/product';
import { cutDescription, formatDollars } from '../../contract/pricing';
import { Spinner } from '../../ui/spinner';
import { useProducts } from './get-products';

export function ProductCard({ product }: { product: Product }) {
  const nameId = `product-${product._id}-name`;
  return (
    <li className="group flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-lg">
      <div className="relative overflow-hidden bg-base-200">
        <img
          src={product.imageUrl}
          alt={product.name}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <span className="absolute right-3 top-3 rounded-full bg-neutral px-3 py-1 text-sm font-bold text-neutral-content">
          {formatDollars(product.price)}
          <span className="font-normal"> / unit</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={nameId} className="text-lg font-bold leading-snug">
          {product.name}
        </h3>
        <p className="flex-1 text-sm leading-relaxed text-base-content/80" data-testid="product-description">
          {cutDescription(product.description)}
        </p>
        <dl className="grid grid-cols-2 gap-2 rounded-field bg-base-200 px-3 py-2 text-sm">
          <div>
            <dt className="text-base-content/75">Min. order</dt>
            <dd className="font-semibold">{product.minOrderQnt.toLocaleString('en-US')} pcs.</dd>
          </div>
          <div>
            <dt className="text-base-content/75">In stock</dt>
            <dd className="font-semibold">{product.availableQnt.toLocaleString('en-US')} pcs.</dd>
          </div>
        </dl>
        <Link to="/products/$id" params={{ id: product._id }} className="btn btn-primary mt-1 w-full" aria-describedby={nameId}>
          Order Now
        </Link>
      </div>
    </li>
  );
}

export function ToolsList() {
  const products = useProducts();
  if (products.isPending) return <Spinner label="Loading tools" />;
  if (products.isError) {
    return (
      <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center" role="alert">
        <p className="font-semibold">The tools could not be loaded right now.</p>
        <p className="mt-1 text-sm text-base-content/80">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => void products.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (products.data.length === 0) {
    return <p className="rounded-box bg-base-100 p-8 text-center">New tools are on their way. Please check back soon.</p>;
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Tools">
      {products.data.map((product) => (
        <ProductCard key={product._id} product={product} />
      ))}
    </ul>
  );
}
