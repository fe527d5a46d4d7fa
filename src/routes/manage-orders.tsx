// Manage Orders (the spec): every order, paged, filtered and searched, with Shipped and Delete.

import { useLocation } from '@tanstack/react-router';
import { useLiveOrders } from '../features/admin/live-orders';
import { MailFailuresNotice } from '../features/admin/mail-failures-notice';
import { OrdersTable } from '../features/admin/orders-table';
import { downloadInvoice } from '../features/orders/download-invoice';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { orderSearchOf } from '../ui/order-search';

export default function ManageOrdersPage() {
  // New, paid and shipped orders appear without a reload (docs/architecture.md, "Live orders").
  useLiveOrders();
  // Opened from a notification, the list starts with its order found (`?order=`).
  const openedWith = orderSearchOf(useLocation({ select: (location) => location.searchStr }));
  return (
    <DashboardScreen path="/dashboard/manage-orders">
      <MailFailuresNotice />
      <OrdersTable downloadInvoice={downloadInvoice} openedWith={openedWith} />
    </DashboardScreen>
  );
}
