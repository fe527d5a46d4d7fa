// Manage Orders (the spec): every order, paged on the server, filtered by status and searched by
// e-mail or product. Paid orders show 'Pending' and a Shipped button; unpaid ones Delete through the modal.
// A bulk order is one row that opens to its lines; Shipped ships the whole order. A table from 1024 px,
// cards below; Export CSV downloads what the filter shows.

import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage } from '../../api/errors';
import { toasts } from '../../contract/messages';
import { ADMIN_ORDERS_PAGE_SIZE, type Order } from '../../contract/order';
import { adminStatusLabel, type OrderStatus } from '../../contract/order-status';
import { formatCount, formatDollars } from '../../contract/pricing';
import { ConfirmModal } from '../../ui/confirm-modal';
import { ClippedText } from '../../ui/clipped-text';
import { DataTable, type Column } from '../../ui/data-table';
import { InvoiceButton, type InvoiceOrder } from '../../ui/invoice-button';
import { orderTitle, useOrderLinesDisclosure } from '../../ui/order-lines';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../offline/network-status';
import { DeleteButton } from './delete-button';
import { useDeleteOrderAsAdmin } from './delete-order';
import { ExportOrdersButton } from './export-orders';
import { useAllOrders } from './get-all-orders';
import { OfflineNotice } from './offline-notice';
import { OrdersFilter, type OrdersFilterValue } from './orders-filter';
import { QueryError } from '../../ui/query-error';
import { startsOver } from './search-box';
import { useShipOrder } from './ship-order';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePageInRange } from './use-page-in-range';

const STATUS_BADGE: Record<OrderStatus, string> = {
  Unpaid: 'badge-error',
  Paid: 'badge-info',
  Shipped: 'badge-success',
};

/** An e-mail address that may wrap after the @ rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span className="break-all">{email}</span>;
  return (
    <span>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}

export interface OrdersTableProps {
  /** Fetches and saves an order's invoice PDF (the orders feature's download, composed by the route). */
  downloadInvoice: (order: InvoiceOrder) => Promise<void>;
}

export function OrdersTable({ downloadInvoice }: OrdersTableProps) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<OrdersFilterValue>({ status: '', searchText: '', q: '' });
  const orders = useAllOrders({ page, pageSize: ADMIN_ORDERS_PAGE_SIZE, status: filter.status || undefined, q: filter.q });
  const shipOrder = useShipOrder();
  const online = useOnline();
  const offlineId = useId();
  const [shipping, setShipping] = useState<string | null>(null);
  const lines = useOrderLinesDisclosure<Order>();
  const remove = useConfirmedDelete({
    mutation: useDeleteOrderAsAdmin(),
    id: (order: Order) => order._id,
    deleted: toasts.deleted,
    alreadyDeleted: () => 'That order was already deleted.',
  });

  usePageInRange(orders.data?.total, ADMIN_ORDERS_PAGE_SIZE, page, setPage);

  // A status, a search (even the same one again) or a cleared box starts at page 1; typing alone does not.
  const changeFilter = (next: OrdersFilterValue) => {
    if (next.status !== filter.status || startsOver(filter, next)) setPage(1);
    setFilter(next);
  };

  const ship = (order: Order) => {
    setShipping(order._id);
    shipOrder.mutate(order._id, {
      onSuccess: () => toast.success(toasts.shipped(orderTitle(order))),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setShipping(null),
    });
  };

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<Order>[] = [
    {
      header: 'Product',
      cell: lines.productCell,
    },
    { header: 'Quantity', cell: (order) => `${formatCount(order.orderQuantity)} pcs.`, className: 'tabular-nums whitespace-nowrap' },
    { header: 'Price', cell: (order) => formatDollars(order.totalPrice), className: 'tabular-nums' },
    { header: 'User Email', cell: (order) => <EmailText email={order.userEmail} /> },
    // Long addresses and ids are clipped in the table and open on hover or keyboard focus; a card has room.
    {
      header: 'User Address',
      cell: (order, layout) => (layout === 'table' ? <ClippedText text={order.userAddress} lines={2} className="min-w-32 max-w-48" /> : order.userAddress),
    },
    {
      header: 'Transaction Id',
      cell: (order, layout) =>
        order.transactionId ? (
          layout === 'table' ? (
            <ClippedText text={order.transactionId} lines={1} breakAll className="max-w-28 font-mono text-xs" />
          ) : (
            <code className="break-all text-xs">{order.transactionId}</code>
          )
        ) : (
          <span className="text-base-content/70">N/A</span>
        ),
    },
    { header: 'Status', cell: (order) => <span className={`badge ${STATUS_BADGE[order.status]}`}>{adminStatusLabel(order.status)}</span> },
    {
      header: 'Action',
      action: true,
      cell: (order) => {
        const invoice = <InvoiceButton order={order} onDownload={() => downloadInvoice(order)} offlineReason={offlineReason} />;
        if (order.status === 'Paid') {
          return (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-success"
                disabled={!online || shipping !== null}
                aria-describedby={offlineReason}
                onClick={() => ship(order)}
              >
                {shipping === order._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                Shipped
                <span className="sr-only">
                  {' '}
                  {orderTitle(order)} for {order.userEmail}
                </span>
              </button>
              {invoice}
            </div>
          );
        }
        if (order.status === 'Unpaid') {
          return <DeleteButton row={`${orderTitle(order)} for ${order.userEmail}`} offlineReason={offlineReason} onClick={() => remove.ask(order)} />;
        }
        return (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-base-content/70">Done</span>
            {invoice}
          </div>
        );
      },
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <div className="flex-1">
        <OrdersFilter value={filter} onChange={changeFilter} />
      </div>
      <ExportOrdersButton status={filter.status} q={filter.q} offlineReason={offlineReason} />
    </div>
  );
  const filtered = filter.status !== '' || filter.q !== '';
  const target = remove.target;

  return (
    <>
      <OfflineNotice online={online} id={offlineId} />
      {orders.isError && !orders.data ? <QueryError what="orders" query={orders} /> : null}
      {orders.isPending ? (
        <>
          {toolbar}
          <Spinner label="Loading orders" />
        </>
      ) : null}
      {orders.data ? (
        <DataTable
          caption="Orders"
          columns={columns}
          rows={orders.data.items}
          rowKey={(order) => order._id}
          empty={filtered ? 'No orders match this filter.' : 'There are no orders yet.'}
          busy={orders.isFetching}
          toolbar={toolbar}
          stackBelow="laptop"
          rowDetails={lines.rowDetails}
          pagination={{ page: orders.data.page, pageSize: orders.data.pageSize, total: orders.data.total, onPageChange: setPage }}
        />
      ) : null}

      <ConfirmModal {...remove.modal}>
        <p>
          Are you sure you want to delete <strong>{target ? orderTitle(target) : null}</strong>
          {target ? ` (${formatCount(target.orderQuantity)} pcs. for ${target.userEmail})` : ''}?
        </p>
        <p className="mt-2 text-sm text-base-content/80">The order is unpaid; its quantity goes back into stock.</p>
      </ConfirmModal>
    </>
  );
}
