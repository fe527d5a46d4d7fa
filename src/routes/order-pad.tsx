// /dashboard/order-pad: the dealer's order pad. Composes the pad (its lines, quick entry and Place order),
// the catalogue (the tools and their rules), the delivery defaults (the profile's address and phone, else
// the latest order's, or one of the company's locations), for a sales rep the companies it orders for
// ("Ordering for", in place of a dealer's own locations), the company's account (PO number, paying on
// account), and the offline feature's outbox (a pad placed without a connection); the server prices and
// checks every line.

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../api/errors';
import type { Product } from '../contract/product';
import { useSession } from '../features/auth/session';
import { productsQueryOptions, useProducts } from '../features/catalogue/get-products';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { usePlaceOrQueue } from '../features/offline/use-place-or-queue';
import { OrderPad } from '../features/order-pad/order-pad';
import { QuickEntryLoading } from '../features/order-pad/quick-entry-box';
import { useOrderPad } from '../features/order-pad/use-order-pad';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { useOrderDestination } from './order-destination';

export default function OrderPadPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useOrderPad(email || null);
  const products = useProducts();
  const destination = useOrderDestination(email);
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
      {destination.standing ? (
        <div className="mb-4">
          <CompanyStandingNotice status={destination.standing.status} reason={destination.standing.reason} />
        </div>
      ) : null}
      {destination.loading ? (
        <QuickEntryLoading />
      ) : (
        <OrderPad
          key={destination.formKey}
          email={email}
          lines={lines}
          products={products.data}
          productsError={products.isError ? errorMessage(products.error) : null}
          defaultAddress={destination.delivery.address}
          defaultPhone={destination.delivery.phone}
          locations={destination.locations}
          orderingFor={destination.orderingFor}
          account={destination.account}
          placeOrder={placeOrder}
          onProductsChanged={onProductsChanged}
          onDone={() => void navigate({ to: '/dashboard/my-orders' })}
        />
      )}
    </DashboardScreen>
  );
}
