// /dashboard/my-orders (spec section 2): the customer's own orders.

import { texts } from '../contract/messages';
import { useSession } from '../features/auth/session';
import { useOnline } from '../features/offline/network-status';
import { QueuedOrders } from '../features/offline/queued-orders';
import { useMyOrders } from '../features/orders/get-my-orders';
import { MyOrdersTable } from '../features/orders/my-orders-table';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';

export default function MyOrdersPage() {
  const { user } = useSession();
  const orders = useMyOrders(user?.email ?? '');
  const online = useOnline();
  return (
    <Page title="My Orders" wide>
      {user ? <QueuedOrders email={user.email} /> : null}
      {orders.isPending ? <Spinner label="Loading your orders" /> : null}
      {orders.isError ? (
        <p role="alert" className="text-error">
          Your orders could not be loaded: {orders.error.message}
        </p>
      ) : null}
      {orders.data ? (
        <>
          {online ? null : (
            <p role="status" className="mb-4 rounded-box bg-warning/20 px-4 py-3 text-sm">
              {texts.needsNetwork} Paying and deleting orders wait until you are back online.
            </p>
          )}
          <MyOrdersTable orders={orders.data} offlineReason={online ? null : texts.needsNetwork} />
        </>
      ) : null}
    </Page>
  );
}
