import { Link } from '@tanstack/react-router';
import { cutDescription, formatDollars } from '../contract/pricing';
import { useProducts } from '../features/catalogue/get-products';
import { Spinner } from '../ui/spinner';

export default function HomePage() {
  const products = useProducts();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl font-extrabold">Find Your Tools</h1>
      <section id="tools" aria-labelledby="tools-title" className="mt-10">
        <h2 id="tools-title" className="mb-6 text-3xl font-bold">
          Our Tools
        </h2>
        {products.isPending ? <Spinner label="Loading tools" /> : null}
        {products.isError ? <p className="text-error">The tools could not be loaded. Please try again.</p> : null}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.data?.map((product) => (
            <li key={product._id} className="card bg-base-100 shadow">
              <figure>
                <img src={product.imageUrl} alt={product.name} width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              </figure>
              <div className="card-body">
                <h3 className="card-title">{product.name}</h3>
                <p>{cutDescription(product.description)}</p>
                <p className="font-semibold">{formatDollars(product.price)} per unit</p>
                <Link to="/products/$id" params={{ id: product._id }} className="btn btn-primary">
                  Order Now
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
