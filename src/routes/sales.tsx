// Sales (admins): the shop's figures at a glance, the first item of the admin's dashboard.

import { SalesOverview } from '../features/admin/sales-overview';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function SalesPage() {
  return (
    <DashboardScreen path="/dashboard/sales">
      <SalesOverview />
    </DashboardScreen>
  );
}
