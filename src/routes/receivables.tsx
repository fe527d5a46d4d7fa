// /dashboard/receivables (admins): what companies owe on invoices of orders on account, by age, and each
// company's unpaid invoices (docs/decisions/044-orders-on-account.md).

import { ReceivablesTable } from '../features/admin/receivables-table';
import { Page } from '../ui/page';

export default function ReceivablesPage() {
  return (
    <Page title="Receivables" wide>
      <ReceivablesTable />
    </Page>
  );
}
