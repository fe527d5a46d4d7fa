// Manage Orders (spec section 2): every order, paged on the server, filtered by status and searched by
// e-mail or product. Paid orders show 'Pending' and a Shipped button; unpaid ones Delete through the modal.

import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { texts, toasts } from '../contract/messages';
import type { Order } from '../contract/order';
import { ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_SEARCH_MAX_LENGTH } from '../contract/order';
import { adminStatusLabel, ORDER_STATUSES, type OrderStatus } from '../contract/order-status';
import { formatDollars } from '../contract/pricing';
import { actionErrorMessage, isNotFound } from '../features/admin/action-error';
import { useDeleteOrderAsAdmin } from '../features/admin/delete-order';
import { useAllOrders } from '../features/admin/get-all-orders';
import { OfflineNotice } from '../features/admin/offline-notice';
import { useShipOrder } from '../features/admin/ship-order';
import { useConfirmTarget } from '../features/admin/use-confirm-target';
import { useOnline } from '../features/offline/network-status';
import { ConfirmModal } from '../ui/confirm-modal';
import { DataTable, pageCount, type Column } from '../ui/data-table';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';

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

export default function ManageOrdersPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const orders = useAllOrders({ page, pageSize: ADMIN_ORDERS_PAGE_SIZE, status: status || undefined, q });
  const shipOrder = useShipOrder();
  const deleteOrder = useDeleteOrderAsAdmin();
  const online = useOnline();
  const ids = useId();
  const offlineId = `${ids}-offline`;
  const confirm = useConfirmTarget<Order>();
  const [shipping, setShipping] = useState<string | null>(null);

  // Deleting the last order of the last page leaves that page empty: step back to one that has rows.
  const total = orders.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, ADMIN_ORDERS_PAGE_SIZE);
    if (page > last) setPage(last);
  }, [total, page]);

  const ship = (order: Order) => {
    setShipping(order._id);
    shipOrder.mutate(order._id, {
      onSuccess: () => toast.success(toasts.shipped(order.productName)),
      onError: (error) => toast.error(actionErrorMessage(error)),
      onSettled: () => setShipping(null),
    });
  };

  const confirmDelete = () => {
    const order = confirm.target;
    if (!order) return;
    confirm.setError(null);
    deleteOrder.mutate(order._id, {
      onSuccess: () => {
        toast.success(toasts.deleted);
        confirm.close();
      },
      onError: (error) => {
        if (isNotFound(error)) {
          toast.info('That order was already deleted.');
          confirm.close();
        } else confirm.setError(actionErrorMessage(error));
      },
    });
  };

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<Order>[] = [
    { header: 'Product', cell: (order) => order.productName },
    { header: 'Quantity', cell: (order) => `${order.orderQuantity.toLocaleString('en-US')} pcs.`, className: 'tabular-nums whitespace-nowrap' },
    { header: 'Price', cell: (order) => formatDollars(order.totalPrice), className: 'tabular-nums' },
    { header: 'User Email', cell: (order) => <EmailText email={order.userEmail} /> },
    { header: 'User Address', cell: (order) => <span className="block min-w-32 max-w-56">{order.userAddress}</span> },
    {
      header: 'Transaction Id',
      // Ids are long; the cell shows the start, the whole id is in the text (copy, screen readers) and on hover.
      cell: (order) =>
        order.transactionId ? (
          <code className="block max-w-28 truncate text-xs" title={order.transactionId}>
            {order.transactionId}
          </code>
        ) : (
          <span className="text-base-content/70">N/A</span>
        ),
    },
    { header: 'Status', cell: (order) => <span className={`badge ${STATUS_BADGE[order.status]}`}>{adminStatusLabel(order.status)}</span> },
    {
      header: 'Action',
      action: true,
      cell: (order) => {
        if (order.status === 'Paid') {
          return (
            <button type="button" className="btn btn-sm btn-success" disabled={!online || shipping !== null} aria-describedby={offlineReason} onClick={() => ship(order)}>
              {shipping === order._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              Shipped
              <span className="sr-only"> {order.productName} for {order.userEmail}</span>
            </button>
          );
        }
        if (order.status === 'Unpaid') {
          return (
            <button type="button" className="btn btn-sm btn-error btn-outline" disabled={!online} aria-describedby={offlineReason} onClick={() => confirm.ask(order)}>
              Delete
              <span className="sr-only"> {order.productName} for {order.userEmail}</span>
            </button>
          );
        }
        return <span className="text-sm text-base-content/70">Done</span>;
      },
    },
  ];

  const filtered = status !== '' || q !== '';
  const toolbar = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div>
        <label htmlFor={`${ids}-status`} className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id={`${ids}-status`}
          className="select w-full md:w-44"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPage(1);
          }}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {adminStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <form
        role="search"
        className="flex flex-1 flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(searchText.trim());
          setPage(1);
        }}
      >
        <label htmlFor={`${ids}-q`} className="text-sm font-medium">
          Search by e-mail or product
        </label>
        <div className="join w-full">
          <input
            id={`${ids}-q`}
            type="search"
            className="input join-item w-full"
            value={searchText}
            maxLength={ADMIN_ORDERS_SEARCH_MAX_LENGTH}
            placeholder="dealer@example.com or drill"
            onChange={(event) => {
              setSearchText(event.target.value);
              // Clearing the box (or its clear button) shows every order again.
              if (event.target.value === '' && q !== '') {
                setQ('');
                setPage(1);
              }
            }}
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </form>
    </div>
  );

  return (
    <Page title="Manage Orders" wide>
      <OfflineNotice online={online} id={offlineId} />
      {orders.isError && !orders.data ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>The orders could not be loaded. {actionErrorMessage(orders.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
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
          stackBelow="2xl"
          pagination={{ page: orders.data.page, pageSize: orders.data.pageSize, total: orders.data.total, onPageChange: setPage }}
        />
      ) : null}

      <ConfirmModal
        open={confirm.open}
        title={texts.deleteAlertTitle}
        confirmLabel="Delete"
        busy={deleteOrder.isPending}
        error={confirm.error}
        disabledReason={online ? null : texts.needsNetwork}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      >
        <p>
          Are you sure you want to delete <strong>{confirm.target?.productName}</strong>
          {confirm.target ? ` (${confirm.target.orderQuantity.toLocaleString('en-US')} pcs. for ${confirm.target.userEmail})` : ''}?
        </p>
        <p className="mt-2 text-sm text-base-content/80">The order is unpaid; its quantity goes back into stock.</p>
      </ConfirmModal>
    </Page>
  );
}
