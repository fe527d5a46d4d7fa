// /products/{id}: the purchase page (the spec). Composes the catalogue (the product), the orders
// feature (the order form, delivered to one of the company's locations or another address), for a sales rep
// the companies it orders for ("Ordering for"), and the offline feature (the outbox); the server prices and
// checks every order.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId } from 'react';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useDeliveryDefaults } from '../features/orders/delivery-defaults';
import { useDeliveryLocations } from '../features/orders/delivery-locations';
import { useSession } from '../features/auth/session';
import { productQueryOptions, useProduct } from '../features/catalogue/get-products';
import { ProductDetails, ProductLoadError } from '../features/catalogue/product-details';
import { PRODUCT_PAGE_CLASS, ProductLoading } from '../features/catalogue/product-preview';
import { usePlaceOrQueue } from '../features/offline/use-place-or-queue';
import { AddToPadButton } from '../features/order-pad/add-to-pad-button';
import { PurchaseForm } from '../features/orders/purchase-form';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { useRepCompanies } from '../features/rep/get-rep-companies';
import { orderingForSlot, useOrderingFor } from '../features/rep/ordering-for-picker';

export default function ProductPage() {
  const { id } = useParams({ from: '/products/$id' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const email = user?.email ?? '';
  const product = useProduct(id);
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const rep = profile.data?.rep === true;
  const delivery = useDeliveryDefaults(email, profile, !rep);
  // A rep belongs to no company: its deliveries are the locations of the company it orders for.
  const company = useDeliveryLocations(rep ? '' : email);
  const repCompanies = useRepCompanies(rep);
  const orderingFor = useOrderingFor(email, repCompanies.companies);
  const pickerId = useId();
  const placeOrder = usePlaceOrQueue();

  // The profile and the latest order only prefill the form: after one failed try (a poor connection) it shows without them.
  if (product.isPending || delivery.loading || company.loading || repCompanies.loading) return <ProductLoading id={id} />;
  if (product.isError) return <ProductLoadError error={product.error} />;

  const item = product.data;
  const name = profile.data?.displayName || user?.displayName || email;
  return (
    <div className={PRODUCT_PAGE_CLASS}>
      <ProductDetails product={item} />
      <section aria-labelledby="order-title" className="self-start rounded-box border border-base-300 p-5 shadow-sm md:p-8">
        <h2 id="order-title" className="mb-5 text-2xl font-bold">
          Place your order
        </h2>
        {company.standing && !rep ? (
          <div className="mb-5">
            <CompanyStandingNotice status={company.standing.status} reason={company.standing.reason} />
          </div>
        ) : null}
        <PurchaseForm
          // The form starts again at the company's own locations when the rep orders for another company.
          key={rep ? `${item._id}-${orderingFor.choice?.companyId ?? 'no-company'}` : item._id}
          product={item}
          userName={name}
          userEmail={email}
          defaultAddress={delivery.address}
          defaultPhone={delivery.phone}
          locations={rep ? orderingFor.locations : company.locations}
          orderingFor={rep ? orderingForSlot(`${pickerId}-ordering-for`, repCompanies.companies, orderingFor) : undefined}
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
