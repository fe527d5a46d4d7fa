// Sales (admins): the shop's figures at a glance, the first item of the admin's dashboard.

import { SalesOverview } from '../features/admin/sales-overview';
import { Page } from '../ui/page';

export default function SalesPage() {
  return (
    <Page title="Sales" wide>
      <SalesOverview />
    </Page>
  );
}
