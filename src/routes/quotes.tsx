// /dashboard/quotes (docs/decisions/058-quotes.md): a dealer's quote requests and the shop's answers, to accept,
// decline or ask again; for an admin (every company) or a sales rep (its companies), the requests to price.
// Composes the quotes feature: which side the screen shows follows the server's role, as the menu does.

import { useQuery } from '@tanstack/react-query';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { useAdminFlag } from '../features/auth/use-admin-flag';
import { menuRole } from '../features/dashboard/dashboard-menu';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { DealerQuotes } from '../features/quotes/dealer-quotes';
import { ShopQuotes } from '../features/quotes/shop-quotes';
import { Spinner } from '../ui/spinner';

export default function QuotesPage() {
  const admin = useAdminFlag();
  const { user } = useSession();
  const profile = useQuery({ ...userProfileQueryOptions(user?.email ?? ''), enabled: admin === false && user !== null });
  const role = menuRole(admin, profile.data, !profile.isPending || profile.failureCount > 0);
  return (
    <DashboardScreen path="/dashboard/quotes">
      {role === null ? <Spinner label="Loading quotes" /> : role === 'customer' ? <DealerQuotes /> : <ShopQuotes rep={role === 'rep'} />}
    </DashboardScreen>
  );
}
