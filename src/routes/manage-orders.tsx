// Manage Orders (the spec): every order, paged, filtered and searched, with Shipped and Delete.

import { useLiveOrders } from '../features/admin/live-orders';
import { MailFailuresNotice } from '../features/admin/mail-failures-notice';
import { OrdersTable } from '../features/admin/orders-table';
import { downloadInvoice } from '../features/orders/download-invoice';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function ManageOrdersPage() {
  // New, paid and shipped orders appear without a reload (docs/architecture.md, "Live orders").
  useLiveOrders();
  return (
    <DashboardScreen path="/dashboard/manage-orders">
      <MailFailuresNotice />
      <OrdersTable downloadInvoice={downloadInvoice} />
    </DashboardScreen>
  );
}
