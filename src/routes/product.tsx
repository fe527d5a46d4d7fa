// /products/{id}: the purchase page (the spec). Composes the catalogue (the product), the orders
// feature (the order form, delivered to one of the company's locations or another address), for a sales rep
// the companies it orders for ("Ordering for"), the company's account (PO number, paying on account), and the
// offline feature (the outbox); the server prices and checks every order.

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useSession } from '../features/auth/session';
import { productQueryOptions, useProduct } from '../features/catalogue/get-products';
import { ProductDetails, ProductLoadError } from '../features/catalogue/product-details';
import { PRODUCT_PAGE_CLASS, ProductLoading } from '../features/catalogue/product-preview';
import { usePlaceOrQueue } from '../features/offline/use-place-or-queue';
import { AddToPadButton } from '../features/order-pad/add-to-pad-button';
import { PurchaseForm } from '../features/orders/purchase-form';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { useOrderDestination } from './order-destination';

export default function ProductPage() {
  const { id } = useParams({ from: '/products/$id' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const email = user?.email ?? '';
  const product = useProduct(id);
  const destination = useOrderDestination(email);
  const placeOrder = usePlaceOrQueue();

  if (product.isPending || destination.loading) return <ProductLoading id={id} />;
  if (product.isError) return <ProductLoadError error={product.error} />;

  const item = product.data;
  const name = destination.profile.data?.displayName || user?.displayName || email;
  return (
    <div className={PRODUCT_PAGE_CLASS}>
      <ProductDetails product={item} />
      <section aria-labelledby="order-title" className="self-start rounded-box border border-base-300 p-5 shadow-sm md:p-8">
        <h2 id="order-title" className="mb-5 text-2xl font-bold">
          Place your order
        </h2>
        {destination.standing ? (
          <div className="mb-5">
            <CompanyStandingNotice status={destination.standing.status} reason={destination.standing.reason} />
          </div>
        ) : null}
        <PurchaseForm
          key={`${item._id}-${destination.formKey}`}
          product={item}
          userName={name}
          userEmail={email}
          defaultAddress={destination.delivery.address}
          defaultPhone={destination.delivery.phone}
          locations={destination.locations}
          orderingFor={destination.orderingFor}
          account={destination.account}
          placeOrder={placeOrder}
          onOrdered={() => void navigate({ to: '/dashboard/my-orders' })}
          onProductChanged={(current) => queryClient.setQueryData(productQueryOptions(id).queryKey, current)}
        />
        <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-base-300 pt-5">
          <p className="flex-1 text-sm text-base-content/80">Ordering several tools? Put this one on your order pad and place them together.</p>
          <AddToPadButton product={item} className="btn btn-outline btn-primary" />
        </div>
      </section>
    </div>
  );
}
