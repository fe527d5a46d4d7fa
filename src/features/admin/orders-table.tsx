// Manage Orders (the spec): every order, paged on the server, found by number, customer, e-mail, tool,
// status and days placed. Each row starts with the order's number and when it was placed. Paid orders show
// 'Pending' and Mark shipped, which asks first (with an optional carrier and tracking number); a shipping
// can be undone for a minute. Unpaid ones Delete through the modal. A bulk order is one row that opens to
// its lines; shipping ships the whole order. Each order names the dealer's company and the location it goes
// to beside who placed it, and the list narrows by both. A table from 1024 px, cards below; Export CSV
// downloads what the search shows. Orders on account (docs/decisions/044-orders-on-account.md) show their
// terms and PO number; On hold ones their reason, with Release and Refuse; Confirmed ones ship as Paid ones
// do; a shipped one's invoice shows when it is due, with Record bank payment and Send reminder until it is paid.

import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage } from '../../api/errors';
import { toasts } from '../../contract/messages';
import { ADMIN_ORDERS_PAGE_SIZE, depositDue, orderAmount, SHIP_UNDO_MS, type Order, type ShipOrderBody } from '../../contract/order';
import { formatMoney } from '../../contract/money';
import { reasonForShop, termsLabel } from '../../contract/account-terms';
import { adminStatusLabel, isShippable, type OrderStatus } from '../../contract/order-status';
import { formatCount } from '../../contract/pricing';
import { ConfirmModal } from '../../ui/confirm-modal';
import { ClippedText } from '../../ui/clipped-text';
import { DataTable, type Column } from '../../ui/data-table';
import { InvoiceButton, type InvoiceOrder } from '../../ui/invoice-button';
import { orderTitle, useOrderLinesDisclosure } from '../../ui/order-lines';
import { OrderProductCell } from '../../ui/order-number';
import { OrderTotalCell } from '../../ui/order-totals';
import { isNarrowed, NO_ORDER_SEARCH, orderSearchQuery, searchApplied } from '../../ui/order-search';
import { ShippingDetails } from '../../ui/shipping-details';
import { ShortId } from '../../ui/short-id';
import { useOnline } from '../offline/network-status';
import { hasOpenInvoice, useAccountOrderActions } from './account-order-actions';
import { formatDay } from './company-status';
import { DeleteButton } from './delete-button';
import { useDeleteOrderAsAdmin } from './delete-order';
import { ExportOrdersButton } from './export-orders';
import { useAllOrders } from './get-all-orders';
import { OfflineNotice } from './offline-notice';
import { CompanyFilter, NO_COMPANY_FILTER, OrdersFilter, type CompanyFilterValue, type OrdersFilterValue } from './orders-filter';
import { QueryError } from '../../ui/query-error';
import { useShipOrder } from './ship-order';
import { ShipOrderDialog } from './ship-order-dialog';
import { useUndoShipOrder } from './undo-ship-order';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePageInRange } from './use-page-in-range';
import { EmailText } from '../../ui/email-text';

const STATUS_BADGE: Record<OrderStatus, string> = {
  Unpaid: 'badge-error',
  Paid: 'badge-info',
  Shipped: 'badge-success',
  'On hold': 'badge-warning',
  Confirmed: 'badge-info',
  Refused: 'badge-ghost',
  'Awaiting approval': 'badge-warning',
  Declined: 'badge-ghost',
};

/**
 * Whether a shipped order can still be undone, by this device's clock (the server has the last word). The
 * table draws again when the earliest window closes, so the Undo button goes when it would be refused.
 */
function useUndoWindow(orders: Order[] | undefined): (order: Order) => boolean {
  const [now, setNow] = useState(() => Date.now());
  const deadlineOf = (order: Order) => (order.status === 'Shipped' && order.shippedAt ? Date.parse(order.shippedAt) + SHIP_UNDO_MS : 0);
  useEffect(() => {
    // New rows (a shipping just made, or seen live) are judged by the time now, not when the page opened.
    setNow(Date.now());
  }, [orders]);
  useEffect(() => {
    const open = (orders ?? []).map(deadlineOf).filter((deadline) => deadline > now);
    if (open.length === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...open) - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [orders, now]);
  return useCallback((order: Order) => deadlineOf(order) > now, [now]);
}

export interface OrdersTableProps {
  /** Fetches and saves an order's invoice PDF (the orders feature's download, composed by the route). */
  downloadInvoice: (order: InvoiceOrder) => Promise<void>;
  /** The search the list opens with (a notification's order); none by default. */
  openedWith?: OrdersFilterValue;
}

export function OrdersTable({ downloadInvoice, openedWith = NO_ORDER_SEARCH }: OrdersTableProps) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<OrdersFilterValue>(openedWith);
  const [companyFilter, setCompanyFilter] = useState<CompanyFilterValue>(NO_COMPANY_FILTER);
  const search = {
    ...orderSearchQuery(filter),
    ...(companyFilter.company ? { company: companyFilter.company } : {}),
    ...(companyFilter.location ? { location: companyFilter.location } : {}),
  };
  const orders = useAllOrders({ page, pageSize: ADMIN_ORDERS_PAGE_SIZE, ...search });
  const shipOrder = useShipOrder();
  const undoShip = useUndoShipOrder();
  const online = useOnline();
  const offlineId = useId();
  const [toShip, setToShip] = useState<Order | null>(null);
  const [shipFailure, setShipFailure] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<string | null>(null);
  const undoable = useUndoWindow(orders.data?.items);
  const lines = useOrderLinesDisclosure<Order>();
  const accountActions = useAccountOrderActions({ online, offlineReason: online ? undefined : offlineId });
  const remove = useConfirmedDelete({
    mutation: useDeleteOrderAsAdmin(),
    id: (order: Order) => order._id,
    deleted: toasts.deleted,
    alreadyDeleted: () => 'That order was already deleted.',
  });

  usePageInRange(orders.data?.total, ADMIN_ORDERS_PAGE_SIZE, page, setPage);

  // A status, days, a search (even the same one again) or a cleared box starts at page 1; typing alone does not.
  const changeFilter = (next: OrdersFilterValue) => {
    if (searchApplied(filter, next)) setPage(1);
    setFilter(next);
  };
  const changeCompanyFilter = (next: CompanyFilterValue) => {
    setPage(1);
    setCompanyFilter(next);
  };

  const closeShip = useCallback(() => {
    setToShip(null);
    setShipFailure(null);
  }, []);
  const ship = (order: Order, shipping: ShipOrderBody) => {
    setShipFailure(null);
    shipOrder.mutate(
      { id: order._id, shipping },
      {
        onSuccess: () => {
          toast.success(toasts.shipped(orderTitle(order)));
          setToShip(null);
        },
        onError: (error) => setShipFailure(errorMessage(error)),
      },
    );
  };
  const undo = (order: Order) => {
    setUndoing(order._id);
    undoShip.mutate(order._id, {
      onSuccess: () => toast.success(`${order.number ?? orderTitle(order)} is Pending again: its shipping is undone.`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setUndoing(null),
    });
  };

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<Order>[] = [
    {
      header: 'Product',
      cell: (order, layout) => <OrderProductCell order={order}>{lines.productCell(order, layout)}</OrderProductCell>,
    },
    { header: 'Quantity', cell: (order) => `${formatCount(order.orderQuantity)} pcs.`, className: 'tabular-nums whitespace-nowrap' },
    { header: 'Price', cell: (order) => <OrderPayment order={order} />, className: 'tabular-nums' },
    {
      header: 'User Email',
      cell: (order) => (
        <span className="grid gap-0.5">
          {order.companyName ? (
            <span className="text-sm font-semibold" data-testid="order-company">
              {order.companyName}
            </span>
          ) : null}
          <span className="text-xs text-base-content/80">{order.companyName ? `Placed by ${order.userName}` : order.userName}</span>
          <EmailText email={order.userEmail} />
        </span>
      ),
    },
    // Long addresses are clipped in the table and open on hover or keyboard focus; a card has room.
    {
      header: 'User Address',
      cell: (order, layout) => (
        <span className="grid gap-0.5">
          {order.locationName ? (
            <span className="text-xs font-semibold" data-testid="order-location">
              {order.locationName}
            </span>
          ) : null}
          {layout === 'table' ? <ClippedText text={order.userAddress} lines={2} className="min-w-20 max-w-48" /> : order.userAddress}
        </span>
      ),
    },
    {
      header: 'Transaction Id',
      cell: (order) =>
        order.transactionId ? (
          <ShortId value={order.transactionId} what="transaction id" of={`of ${order.number ?? orderTitle(order)}`} keep={5} />
        ) : (
          <span className="text-base-content/70">N/A</span>
        ),
    },
    {
      header: 'Status',
      cell: (order, layout) => (
        <span className="grid justify-items-start gap-1">
          <span className={`badge whitespace-nowrap ${STATUS_BADGE[order.status]}`}>{adminStatusLabel(order.status)}</span>
          {/* Why it is on hold or refused: clipped in the table like the address, whole on a card. */}
          {order.statusReason ? (
            <span className="text-sm text-base-content/80" data-testid="order-status-reason">
              {layout === 'table' ? (
                <ClippedText text={reasonForShop(order.statusReason)} lines={3} className="min-w-24 max-w-44" />
              ) : (
                reasonForShop(order.statusReason)
              )}
            </span>
          ) : null}
          <ShippingDetails order={order} />
          <InvoiceDue order={order} />
        </span>
      ),
    },
    {
      header: 'Action',
      action: true,
      cell: (order) => {
        const invoice = <InvoiceButton order={order} onDownload={() => downloadInvoice(order)} offlineReason={offlineReason} />;
        const which = `${order.number ?? orderTitle(order)}, ${orderTitle(order)} for ${order.userEmail}`;
        const onAccount = accountActions.buttonsFor(order, which);
        if (order.status === 'On hold') return <div className="flex flex-wrap gap-2">{onAccount}</div>;
        if (order.status === 'Refused') return <span className="text-sm text-base-content/70">Refused</span>;
        // An order on account whose deposit is due ships once the dealer has paid it (docs/decisions/047).
        if (depositDue(order)) {
          return (
            <div className="grid justify-items-start gap-2">
              <span className="max-w-44 text-sm text-base-content/80" data-testid="deposit-awaited">
                Awaiting the deposit of {formatMoney(order.depositMinor ?? 0, orderAmount(order).currency)}
              </span>
              {onAccount}
            </div>
          );
        }
        if (isShippable(order.status)) {
          return (
            <div className="flex flex-wrap gap-2">
              {/* A verb, outlined: the button must not read as the green Shipped status it leads to. */}
              <button
                type="button"
                className="btn btn-sm btn-outline btn-primary whitespace-nowrap bg-base-100"
                disabled={!online || shipOrder.isPending}
                aria-describedby={offlineReason}
                aria-haspopup="dialog"
                onClick={() => setToShip(order)}
              >
                Mark shipped…<span className="sr-only"> {which}</span>
              </button>
              {/* A confirmed order on account has its invoice once it ships. */}
              {order.status === 'Paid' ? invoice : null}
            </div>
          );
        }
        if (order.status === 'Unpaid') {
          return <DeleteButton row={`${orderTitle(order)} for ${order.userEmail}`} offlineReason={offlineReason} onClick={() => remove.ask(order)} />;
        }
        return (
          <div className="flex flex-wrap items-center gap-2">
            {undoable(order) ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost whitespace-nowrap underline"
                disabled={!online || undoing !== null}
                aria-describedby={offlineReason}
                onClick={() => undo(order)}
              >
                {undoing === order._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                Undo shipping<span className="sr-only"> {which}</span>
              </button>
            ) : (
              <span className="text-sm text-base-content/70">{hasOpenInvoice(order) ? 'Shipped' : 'Done'}</span>
            )}
            {invoice}
            {onAccount}
          </div>
        );
      },
    },
  ];

  const toolbar = (
    <div className="grid gap-3">
      <OrdersFilter value={filter} onChange={changeFilter} />
      <CompanyFilter value={companyFilter} onChange={changeCompanyFilter} />
      <div>
        <ExportOrdersButton search={search} offlineReason={offlineReason} />
      </div>
    </div>
  );
  const filtered = isNarrowed(filter) || companyFilter.company !== '' || companyFilter.location !== '';
  const target = remove.target;

  return (
    <>
      <OfflineNotice online={online} id={offlineId} />
      {orders.isError && !orders.data ? <QueryError what="orders" query={orders} /> : null}
      {orders.isPending || orders.data ? (
        <DataTable
          caption="Orders"
          columns={columns}
          rows={orders.data?.items}
          loading="Loading orders"
          rowKey={(order) => order._id}
          empty={filtered ? 'No orders match this filter.' : 'There are no orders yet.'}
          // Dimmed while another page or filter loads over this one's rows; not for the refresh each live order
          // event brings, which would dim the list every time any dealer orders.
          busy={orders.isPlaceholderData}
          toolbar={toolbar}
          stackBelow="laptop"
          rowDetails={lines.rowDetails}
          pagination={orders.data ? { page: orders.data.page, pageSize: orders.data.pageSize, total: orders.data.total, onPageChange: setPage } : undefined}
        />
      ) : null}

      <ShipOrderDialog
        order={toShip}
        busy={shipOrder.isPending}
        error={shipFailure}
        onConfirm={(shipping) => toShip && ship(toShip, shipping)}
        onClose={closeShip}
      />
      {accountActions.modal}
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

/**
 * The order's price (its net, tax line and gross when it has tax), and how it is paid: card, or on account
 * on its terms, with the dealer's PO number.
 */
function OrderPayment({ order }: { order: Order }) {
  const terms = order.paymentTerms ?? 'card';
  return (
    <div className="grid gap-0.5">
      <OrderTotalCell order={order} />
      <span className="text-xs text-base-content/80" data-testid="order-terms">
        {terms === 'card' ? 'Card' : `On account, ${termsLabel(terms)}`}
      </span>
      {order.poNumber ? (
        <span className="text-xs break-all text-base-content/80" data-testid="order-po">
          PO {order.poNumber}
        </span>
      ) : null}
    </div>
  );
}

/** A shipped order on account: when its invoice is due (overdue in red), or when and how it was paid. */
function InvoiceDue({ order }: { order: Order }) {
  if (!order.dueAt) return null;
  if (order.paidAt) {
    return (
      <span className="text-xs text-base-content/80">
        Invoice paid {formatDay(order.paidAt)}
        {order.paymentReference ? `, bank ref. ${order.paymentReference}` : ''}
      </span>
    );
  }
  const overdue = Date.parse(order.dueAt) < Date.now();
  return (
    <span
      className={`text-xs ${overdue ? 'font-semibold text-error' : 'text-base-content/80'}`}
    >{`${overdue ? 'Overdue since' : 'Invoice due'} ${formatDay(order.dueAt)}`}</span>
  );
}
