// /dashboard/order-pad: the dealer's order pad. Composes the pad (its lines, quick entry and Place order),
// the catalogue (the tools and their rules), the delivery defaults (the profile's address and phone, else
// the latest order's, or one of the company's locations), for a sales rep the companies it orders for
// ("Ordering for", in place of a dealer's own locations), and the offline feature's outbox (a pad placed
// without a connection); the server prices and checks every line.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { errorMessage } from '../api/errors';
import type { Product } from '../contract/product';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { productsQueryOptions, useProducts } from '../features/catalogue/get-products';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { usePlaceOrQueue } from '../features/offline/use-place-or-queue';
import { OrderPad } from '../features/order-pad/order-pad';
import { useDeliveryDefaults } from '../features/orders/delivery-defaults';
import { useDeliveryLocations } from '../features/orders/delivery-locations';
import { useOrderPad } from '../features/order-pad/use-order-pad';
import { useRepCompanies } from '../features/rep/get-rep-companies';
import { orderingForSlot, useOrderingFor } from '../features/rep/ordering-for-picker';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { Spinner } from '../ui/spinner';

export default function OrderPadPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useOrderPad(email || null);
  const products = useProducts();
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const rep = profile.data?.rep === true;
  const delivery = useDeliveryDefaults(email, profile, !rep);
  // A rep belongs to no company: its deliveries are the locations of the company it orders for.
  const company = useDeliveryLocations(rep ? '' : email);
  const repCompanies = useRepCompanies(rep);
  const orderingFor = useOrderingFor(email, repCompanies.companies);
  const pickerId = useId();
  const placeOrder = usePlaceOrQueue();

  // The refusal's tools as they are now replace the catalogue's copies, so each line is priced and checked against them.
  const onProductsChanged = (current: Product[], gone: string[]) => {
    const fresh = new Map(current.map((product) => [product._id, product]));
    queryClient.setQueryData(productsQueryOptions().queryKey, (list) =>
      list?.filter((product) => !gone.includes(product._id)).map((product) => fresh.get(product._id) ?? product),
    );
  };

  return (
    <DashboardScreen path="/dashboard/order-pad">
      {company.standing && !rep ? (
        <div className="mb-4">
          <CompanyStandingNotice status={company.standing.status} reason={company.standing.reason} />
        </div>
      ) : null}
      {delivery.loading || company.loading || repCompanies.loading ? (
        <Spinner label="Loading your order pad" />
      ) : (
        <OrderPad
          // The form starts again at the company's own locations when the rep orders for another company.
          key={rep ? (orderingFor.choice?.companyId ?? 'no-company') : 'own'}
          email={email}
          lines={lines}
          products={products.data}
          productsError={products.isError ? errorMessage(products.error) : null}
          defaultAddress={delivery.address}
          defaultPhone={delivery.phone}
          locations={rep ? orderingFor.locations : company.locations}
          orderingFor={rep ? orderingForSlot(`${pickerId}-ordering-for`, repCompanies.companies, orderingFor) : undefined}
          placeOrder={placeOrder}
          onProductsChanged={onProductsChanged}
          onDone={() => void navigate({ to: '/dashboard/my-orders' })}
        />
      )}
    </DashboardScreen>
  );
}
