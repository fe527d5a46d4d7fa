// /dashboard/price-lists (admins): the price lists dealer companies buy with, their terms and the tools each
// prices (docs/decisions/045-price-lists-and-money.md).

import { PriceListsPage } from '../features/admin/price-lists-page';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function PriceListsRoute() {
  return (
    <DashboardScreen path="/dashboard/price-lists">
      <PriceListsPage />
    </DashboardScreen>
  );
}
