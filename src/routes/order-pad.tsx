// /dashboard/order-pad: the dealer's order pad. Composes the pad (its lines, quick entry and Place order),
// the catalogue (the tools and their rules), the profile (address and phone) and the offline feature's
// outbox (a pad placed without a connection); the server prices and checks every line.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../api/errors';
import type { Product } from '../contract/product';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { productsQueryOptions, useProducts } from '../features/catalogue/get-products';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { usePlaceOrQueue } from '../features/offline/use-place-or-queue';
import { OrderPad } from '../features/order-pad/order-pad';
import { useOrderPad } from '../features/order-pad/use-order-pad';
import { Spinner } from '../ui/spinner';

export default function OrderPadPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useOrderPad(email || null);
  const products = useProducts();
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const placeOrder = usePlaceOrQueue();

  // The profile only prefills the address and phone: after one failed try (a poor connection) the pad shows without it.
  const waitingForProfile = email !== '' && profile.isPending && profile.failureCount === 0;

  // The refusal's tools as they are now replace the catalogue's copies, so each line is priced and checked against them.
  const onProductsChanged = (current: Product[], gone: string[]) => {
    const fresh = new Map(current.map((product) => [product._id, product]));
    queryClient.setQueryData(productsQueryOptions().queryKey, (list) =>
      list?.filter((product) => !gone.includes(product._id)).map((product) => fresh.get(product._id) ?? product),
    );
  };

  return (
    <DashboardScreen path="/dashboard/order-pad">
      {waitingForProfile ? (
        <Spinner label="Loading your order pad" />
      ) : (
        <OrderPad
          email={email}
          lines={lines}
          products={products.data}
          productsError={products.isError ? errorMessage(products.error) : null}
          defaultAddress={profile.data?.address ?? ''}
          defaultPhone={profile.data?.phone ?? ''}
          placeOrder={placeOrder}
          onProductsChanged={onProductsChanged}
          onDone={() => void navigate({ to: '/dashboard/my-orders' })}
        />
      )}
    </DashboardScreen>
  );
}
