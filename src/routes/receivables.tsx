// /dashboard/receivables (admins): what companies owe on invoices of orders on account, by age, and each
// company's unpaid invoices (docs/decisions/044-orders-on-account.md).

import { ReceivablesTable } from '../features/admin/receivables-table';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function ReceivablesPage() {
  return (
    <DashboardScreen path="/dashboard/receivables">
      <ReceivablesTable />
    </DashboardScreen>
  );
}
