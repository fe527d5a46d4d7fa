// The table of My Orders (the spec): each row starts with the order's number and when it was placed;
// status in colour and in words, Pay and Delete on unpaid orders (a colleague's only to read says who pays it), and the 'Delete Alert!' confirmation
// before an order goes. A bulk order is one row that opens to its lines; an unpaid order says until when
// it holds its stock; a shipped one names its carrier and tracking number; a paid or shipped one can be
// ordered again, its lines going onto the order pad at today's prices and rules. An order to one of the
// company's locations names it, and the company's view says who placed each order; a sales rep's list names
// the company each order was for, and an order a rep placed says so in every list. An order on account
// (docs/decisions/044-orders-on-account.md) shows its PO number, On hold or Refused with the reason, and once
// shipped when its invoice is due or that it is paid; it has no Pay or Delete (only an Unpaid order has).

import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { toast } from '../../ui/toast';
import { ApiError, NetworkError } from '../../api/errors';
import { texts, toasts } from '../../contract/messages';
import { depositDue, orderAmount, type Order } from '../../contract/order';
import { formatMoney } from '../../contract/money';
import { termsLabel } from '../../contract/account-terms';
import { isDeletable, type OrderStatus } from '../../contract/order-status';
import { formatCount } from '../../contract/pricing';
import { ApprovalSteps } from '../../ui/approval-steps';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { InvoiceButton } from '../../ui/invoice-button';
import { downloadInvoice } from './download-invoice';
import { orderTitle, useOrderLinesDisclosure } from '../../ui/order-lines';
import { OrderProductCell } from '../../ui/order-number';
import { OrderTotalCell } from '../../ui/order-totals';
import { ShippingDetails } from '../../ui/shipping-details';
import { ShortId } from '../../ui/short-id';
import { PlacedByLine } from './company-orders';
import { useDeleteOrder } from './delete-order';
import { OrderAgainDialog, useOrderAgain, type OrderAgainOptions } from './use-order-again';

/** The spec's status colours: green Shipped, red Unpaid, blue otherwise. Opaque tints, so the pinned column stays legible;
 * important, so they win over the card background below md. */
const ROW_COLOURS: Record<OrderStatus, string> = {
  Shipped: 'bg-[#ebf7ee]!',
  Unpaid: 'bg-[#fdeeee]!',
  Paid: 'bg-[#e8f1fb]!',
  'On hold': 'bg-[#fdf6e3]!',
  Confirmed: 'bg-[#e8f1fb]!',
  Refused: 'bg-base-200!',
  'Awaiting approval': 'bg-[#fdf6e3]!',
  Declined: 'bg-base-200!',
};

const BADGES: Record<OrderStatus, string> = {
  Shipped: 'badge-success',
  Unpaid: 'badge-error',
  Paid: 'badge-info',
  'On hold': 'badge-warning',
  Confirmed: 'badge-info',
  Refused: 'badge-ghost',
  'Awaiting approval': 'badge-warning',
  Declined: 'badge-ghost',
};

const formatHeldUntil = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** Paid on the company's account (net 15, 30 or 60), not by card. */
const onAccount = (order: Order): boolean => order.paymentTerms !== undefined && order.paymentTerms !== 'card';

/** A shipped order on account: its invoice's due date, or that it is overdue, or when it was paid. */
function InvoiceState({ order, now }: { order: Order; now: number }) {
  if (order.paidAt) {
    return (
      <span className="text-xs text-base-content/80" data-testid="invoice-state">
        Invoice paid <span className="whitespace-nowrap">{formatDay(order.paidAt)}</span>
      </span>
    );
  }
  if (!order.dueAt) return null;
  const overdue = new Date(order.dueAt).getTime() < now;
  return (
    <span className={`text-xs ${overdue ? 'font-semibold text-error' : 'text-base-content/80'}`} data-testid="invoice-state">
      {overdue ? 'Invoice overdue since' : 'Invoice due'} <span className="whitespace-nowrap">{formatDay(order.dueAt)}</span>
    </span>
  );
}

/**
 * Status in words; an unpaid order also says how long it keeps its stock (docs/decisions/011), or that it
 * keeps none until it is paid (docs/decisions/027); an order on account says on which terms, why it is on
 * hold or was refused, and once shipped where its invoice stands.
 */
function OrderStatusCell({ order, now }: { order: Order; now: number }) {
  // An order that went over its buyer's spending limit also says who approved or declined it, when and why (docs/decisions/055).
  if (!order.approval) return <StatusDetails order={order} now={now} />;
  return (
    <span className="grid justify-items-start gap-1">
      <StatusDetails order={order} now={now} />
      <ApprovalSteps approval={order.approval} currency={orderAmount(order).currency} />
    </span>
  );
}

function StatusDetails({ order, now }: { order: Order; now: number }) {
  const badge = <span className={`badge ${BADGES[order.status]} font-semibold`}>{order.status}</span>;
  const terms =
    onAccount(order) && order.paymentTerms ? <span className="text-xs text-base-content/80">On account, {termsLabel(order.paymentTerms)}</span> : null;
  if (order.status === 'Shipped') {
    return (
      <span className="grid justify-items-start gap-1">
        {badge}
        <ShippingDetails order={order} />
        {terms}
        {onAccount(order) ? <InvoiceState order={order} now={now} /> : null}
      </span>
    );
  }
  if (order.status === 'On hold' || order.status === 'Refused' || order.status === 'Confirmed') {
    return (
      <span className="grid justify-items-start gap-1">
        {badge}
        {order.status === 'On hold' ? (
          <span className="max-w-64 whitespace-normal text-xs" data-testid="status-reason">
            {order.statusReason ?? 'It waits for the shop to release it.'}
          </span>
        ) : null}
        {(order.depositMinor ?? 0) > 0 && order.status !== 'Refused' ? (
          <span className={`text-xs ${depositDue(order) ? 'font-semibold' : 'text-base-content/80'}`} data-testid="deposit-state">
            {order.depositPaidAt
              ? `Deposit of ${formatMoney(order.depositMinor ?? 0, orderAmount(order).currency)} paid`
              : `Deposit of ${formatMoney(order.depositMinor ?? 0, orderAmount(order).currency)} due${order.status === 'On hold' ? ' once released' : ': it ships once paid'}`}
          </span>
        ) : null}
        {order.status === 'Refused' && order.statusReason ? (
          <span className="max-w-64 whitespace-normal text-xs" data-testid="status-reason">
            The shop’s reason: <span className="break-words font-medium">{order.statusReason}</span>
          </span>
        ) : null}
        {terms}
      </span>
    );
  }
  if (order.status === 'Unpaid' && order.holdsStock === false) {
    return (
      <span className="grid justify-items-start gap-1">
        {badge}
        <span className="text-xs text-base-content/80">Not reserved: stock is taken when you pay</span>
      </span>
    );
  }
  if (order.status !== 'Unpaid' || !order.heldUntil) return badge;
  return (
    <span className="grid justify-items-start gap-1">
      {badge}
      {/* The date stays whole; "Held until" goes above it where the column is narrow. */}
      <span className="text-xs text-base-content/80">
        Held until <span className="whitespace-nowrap">{formatHeldUntil(order.heldUntil)}</span>
      </span>
    </span>
  );
}

export interface MyOrdersTableProps {
  orders: Order[];
  /** Online-only actions: null when online, else why they are off. */
  offlineReason: string | null;
  /** Order again on paid and shipped orders; without it the button is not shown. */
  orderAgain?: OrderAgainOptions;
  /** Save as list on every order (docs/decisions/054-saved-lists.md); without it the button is not shown. */
  saveAsList?: (order: Order) => void;
  /** The list is what a search found: an empty one says no order matches, not that there are none. */
  narrowed?: boolean;
  /** The company's view (orders placed by others in the list): each row says who placed it. */
  company?: boolean;
  /** A sales rep's list: each row says who placed it, for which company and where it goes. */
  rep?: boolean;
}

/** Paid by card, or shipped (on account, its invoice is issued then). */
const hasInvoice = (order: Order): boolean => order.status === 'Paid' || order.status === 'Shipped' || Boolean(order.invoiceNo);

const NO_ORDER_AGAIN: OrderAgainOptions = { email: '', loadCatalogue: async () => [], openPad: () => undefined };

export function MyOrdersTable({ orders, offlineReason, orderAgain, saveAsList, narrowed = false, company = false, rep = false }: MyOrdersTableProps) {
  const remove = useDeleteOrder();
  const again = useOrderAgain(orderAgain ?? NO_ORDER_AGAIN);
  const lines = useOrderLinesDisclosure<Order>();
  const [target, setTarget] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // When the list was shown: an invoice is overdue from its due date on.
  const [now] = useState(() => Date.now());
  const close = useCallback(() => {
    setTarget(null);
    setFailure(null);
  }, []);

  const confirmDelete = async () => {
    if (!target) return;
    setFailure(null);
    try {
      await remove.mutateAsync(target._id);
      toast.success(toasts.deleted);
      setTarget(null);
    } catch (error) {
      setFailure(error instanceof ApiError || error instanceof NetworkError ? error.message : toasts.tryAgain);
      toast.error(toasts.tryAgain);
    }
  };

  // Saving a list needs the connection: offline the button says why it waits.
  const saveAsListButton = (o: Order) =>
    saveAsList ? (
      <button
        type="button"
        className="btn btn-sm btn-ghost whitespace-nowrap"
        disabled={Boolean(offlineReason)}
        title={offlineReason ?? undefined}
        onClick={() => saveAsList(o)}
      >
        Save as list <span className="sr-only">{orderTitle(o)}</span>
      </button>
    ) : null;

  const columns: Column<Order>[] = [
    {
      header: 'Product',
      cell: (o, layout) => (
        <OrderProductCell order={o}>
          {lines.productCell(o, layout)}
          {o.poNumber ? (
            <span className="block text-xs text-base-content/80" data-testid="order-po">
              PO <span className="break-all font-mono">{o.poNumber}</span>
            </span>
          ) : null}
          <PlacedByLine order={o} viewer={{ company, rep }} />
        </OrderProductCell>
      ),
      className: 'min-w-36 max-w-56 whitespace-normal',
    },
    { header: 'Quantity (pcs.)', cell: (o) => formatCount(o.orderQuantity), className: 'text-right tabular-nums' },
    // An order with tax shows its net, tax line and gross in the cell; one with none its one total.
    { header: 'Price', cell: (o) => <OrderTotalCell order={o} />, className: 'text-right tabular-nums' },
    {
      header: 'Transaction Id',
      // An invoice on account paid by bank transfer has the transfer's reference in place of a card payment's id.
      cell: (o) =>
        o.transactionId ? (
          <ShortId value={o.transactionId} what="transaction id" of={`of ${o.number ?? orderTitle(o)}`} keep={5} />
        ) : o.paymentReference ? (
          <span className="break-all text-sm">Bank transfer {o.paymentReference}</span>
        ) : (
          'N/A'
        ),
    },
    { header: 'Status', cell: (o) => <OrderStatusCell order={o} now={now} /> },
    {
      header: 'Action',
      action: true,
      cell: (o) =>
        isDeletable(o.status) && o.readOnly ? (
          // A colleague's order seen through the company: theirs or the company admin's to pay or delete.
          <p className="max-w-48 text-sm text-base-content/80" data-testid="order-read-only">
            Awaiting payment by {o.userName} or your company’s admin.
          </p>
        ) : isDeletable(o.status) ? (
          <div className="flex flex-wrap gap-2">
            {offlineReason ? (
              <button type="button" className="btn btn-sm btn-primary" disabled title={offlineReason}>
                Pay
              </button>
            ) : (
              <Link to="/dashboard/payment/$id" params={{ id: o._id }} className="btn btn-sm btn-primary" aria-label={`Pay for ${orderTitle(o)}`}>
                Pay
              </Link>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error bg-base-100"
              aria-label={`Delete ${orderTitle(o)}`}
              disabled={Boolean(offlineReason)}
              title={offlineReason ?? undefined}
              onClick={() => setTarget(o)}
            >
              Delete
            </button>
            {saveAsListButton(o)}
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {depositDue(o) && !o.readOnly ? (
              offlineReason ? (
                <button type="button" className="btn btn-sm btn-primary" disabled title={offlineReason}>
                  Pay deposit
                </button>
              ) : (
                <Link
                  to="/dashboard/payment/$id"
                  params={{ id: o._id }}
                  className="btn btn-sm btn-primary whitespace-nowrap"
                  aria-label={`Pay the deposit of ${orderTitle(o)}`}
                >
                  Pay deposit
                </Link>
              )
            ) : null}
            {orderAgain ? (
              // Works offline too: the pad is on the device and the catalogue is the one saved there.
              <button
                type="button"
                className="btn btn-sm btn-outline btn-primary whitespace-nowrap bg-base-100"
                disabled={again.pendingId !== null}
                onClick={() => void again.start(o)}
              >
                {again.pendingId === o._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                Order again <span className="sr-only">{orderTitle(o)}</span>
              </button>
            ) : null}
            {/* An order on account has its invoice once it ships; a refused one never does. */}
            {hasInvoice(o) ? <InvoiceButton order={o} onDownload={() => downloadInvoice(o)} offlineTitle={offlineReason ?? undefined} /> : null}
            {saveAsListButton(o)}
          </div>
        ),
    },
  ];

  return (
    <>
      {/* Below 1024 px each order is a card, so a phone or a tablet reads status and actions without scrolling sideways. */}
      <DataTable
        caption="My orders"
        columns={columns}
        rows={orders}
        rowKey={(o) => o._id}
        rowClassName={(o) => ROW_COLOURS[o.status]}
        empty={narrowed ? 'No orders match this search.' : texts.noOrders}
        stackBelow="laptop"
        rowDetails={lines.rowDetails}
      />
      <ConfirmModal
        open={target !== null}
        title={texts.deleteAlertTitle}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={failure}
        onConfirm={() => void confirmDelete()}
        onClose={close}
      >
        <p>
          Are you sure you want to delete <strong>{target ? orderTitle(target) : null}</strong>?
        </p>
      </ConfirmModal>
      {again.result && orderAgain ? <OrderAgainDialog result={again.result} onClose={again.close} openPad={orderAgain.openPad} /> : null}
    </>
  );
}
