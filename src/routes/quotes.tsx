// /dashboard/quotes (docs/decisions/058-quotes.md): a dealer's quote requests and the shop's answers, to accept,
// decline or ask again; for an admin (every company) or a sales rep (its companies), the requests to price.
// Composes the quotes feature: which side the screen shows follows the server's role, as the menu does; a dealer's
// Accept starts from where its orders go (order-destination.ts), as the order pad's form does.

import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { useAdminFlag } from '../features/auth/use-admin-flag';
import { menuRole } from '../features/dashboard/dashboard-menu';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { DealerQuotes } from '../features/quotes/dealer-quotes';
import { ShopQuotes } from '../features/quotes/shop-quotes';
import { Spinner } from '../ui/spinner';
import { useOrderDestination } from './order-destination';

export default function QuotesPage() {
  const admin = useAdminFlag();
  const { user } = useSession();
  const profile = useQuery({ ...userProfileQueryOptions(user?.email ?? ''), enabled: admin === false && user !== null });
  const role = menuRole(admin, profile.data, !profile.isPending || profile.failureCount > 0);
  return (
    <DashboardScreen path="/dashboard/quotes">
      {role === null ? (
        <Spinner label="Loading quotes" />
      ) : role === 'customer' ? (
        <DealerSide email={user?.email ?? ''} />
      ) : (
        <ShopQuotes rep={role === 'rep'} />
      )}
    </DashboardScreen>
  );
}

/** A dealer's side: Accept starts its form as the order pad does (the profile's address and phone, the company's locations, terms and tax). */
function DealerSide({ email }: { email: string }) {
  const destination = useOrderDestination(email);
  const { delivery, locations, account } = destination;
  return <DealerQuotes delivery={destination.loading ? null : { defaultAddress: delivery.address, defaultPhone: delivery.phone, locations, account }} />;
}
