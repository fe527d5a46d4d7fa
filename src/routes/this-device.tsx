// /dashboard/this-device (docs/offline.md): what this device holds and sent for the signed-in dealer or sales rep.
// Its orders (saved to send, being sent, needing attention, or confirmed with the server's number) and its copy
// of the catalogue and the company's prices, with Sync now. Everything on it is read from the device, so it
// works offline, and it changes as the outbox and the catalogue's sync do, in this tab, another or the worker.

import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { CatalogueCopy } from '../features/offline/catalogue-copy';
import { useOnline } from '../features/offline/network-status';
import { useDeviceOrders } from '../features/offline/use-outbox';
import { DeviceOrders } from '../features/orders/device-orders';
import { useRepCompanies } from '../features/rep/get-rep-companies';
import { repCompanyName } from '../features/rep/rep-company-filter';
import { flushOutboxNow } from '../offline/outbox';

const sendOutboxNow = () => flushOutboxNow(true);

export default function ThisDevicePage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const online = useOnline();
  const orders = useDeviceOrders(user?.email ?? null);
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const rep = profile.data?.rep === true;
  const repCompanies = useRepCompanies(rep);
  return (
    <DashboardScreen path="/dashboard/this-device">
      {user ? (
        <>
          <DeviceOrders
            email={user.email}
            orders={orders}
            online={online}
            sendNow={sendOutboxNow}
            companyName={rep ? repCompanyName(repCompanies.companies) : undefined}
          />
          <CatalogueCopy email={user.email} online={online} sendNow={sendOutboxNow} />
        </>
      ) : null}
    </DashboardScreen>
  );
}
