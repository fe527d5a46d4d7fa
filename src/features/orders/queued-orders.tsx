// The orders saved on this device, shown at the top of My Orders (docs/architecture.md, "Offline"):
// 'Waiting to send' or 'Needs attention' with the server's reason, its PO number and how it is to be paid,
// each with Edit (adjust and resend)
// and Discard; of other accounts' orders saved here, only how many. The outbox itself (its items, sending
// it) belongs to the offline feature; the route hands it in.

import { useCallback, useState } from 'react';
import { toast } from '../../ui/toast';
import { texts, toasts } from '../../contract/messages';
import { formatCount } from '../../contract/pricing';
import { type OutboxItem, type SentOrder, deviceOrderState, discardOutboxItem, editBlocker, queuedOrderName, queuedPieces } from '../../offline/outbox';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { EditQueuedOrder } from './edit-queued-order';
import { QueuedLines } from './queued-lines';
import { OrderTotals } from '../../ui/order-totals';
import { queuedFormat, queuedTaxedOrder, queuedTotal } from './queued-money';

const formatTime = (time: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time);

/**
 * Where a saved order stands, as a badge and a line under it: Waiting to send (why the last send did not go
 * through, or when it was saved unless `savedLine` is false), Sending, Needs attention (the server's reason) or Confirmed (the server's number).
 */
export function QueuedOrderStatus({ item, now, savedLine = true }: { item: OutboxItem | SentOrder; now?: number; savedLine?: boolean }) {
  const state = deviceOrderState(item, now);
  if (state.kind === 'confirmed') {
    return (
      <div className="grid gap-1">
        <span className="badge badge-success whitespace-nowrap font-semibold" data-testid="order-state">
          Confirmed
        </span>
        <span className="max-w-64 whitespace-normal text-sm text-base-content/80">
          {state.orderNumber ? (
            <>
              The server has it as <span className="whitespace-nowrap font-mono font-semibold">{state.orderNumber}</span>.
            </>
          ) : (
            'The server has it.'
          )}
        </span>
      </div>
    );
  }
  if (state.kind === 'needs-attention') {
    return (
      <div className="grid gap-1">
        <span className="badge badge-error whitespace-nowrap font-semibold" data-testid="order-state">
          {texts.needsAttention}
        </span>
        <span className="max-w-64 whitespace-normal text-sm">{state.reason}</span>
      </div>
    );
  }
  const sending = state.kind === 'sending';
  return (
    <div className="grid gap-1">
      <span className="badge badge-warning whitespace-nowrap font-semibold" data-testid="order-state">
        {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {sending ? texts.sending : texts.waitingToSend}
      </span>
      {state.kind === 'waiting' && state.reason ? (
        <span className="max-w-64 whitespace-normal text-sm text-base-content/80">{state.reason}</span>
      ) : savedLine ? (
        <span className="max-w-64 whitespace-normal text-sm text-base-content/80">Saved {formatTime(item.createdAt)}</span>
      ) : null}
    </div>
  );
}

/** A saved order's total as the dealer saw it: net, tax and gross for a taxed order, else its one total. */
export function QueuedOrderPrice({ item }: { item: OutboxItem }) {
  const taxed = queuedTaxedOrder(item);
  return taxed ? <OrderTotals order={taxed} /> : <>{queuedFormat(item)(queuedTotal(item))}</>;
}

/** Asks before a saved order is discarded; says so when it may already have reached the server. */
export function DiscardQueuedOrder({ email, item, onClose }: { email: string; item: OutboxItem | null; onClose: () => void }) {
  const confirm = async () => {
    if (!item) return;
    await discardOutboxItem(email, item.clientOrderId);
    toast.success(toasts.deleted);
    onClose();
  };
  return (
    <ConfirmModal open={item !== null} title="Discard this order?" confirmLabel="Discard" onConfirm={() => void confirm()} onClose={onClose}>
      <p>The {item ? queuedOrderName(item.lines) : null} order saved on this device will not be sent.</p>
      {item?.maybeDelivered || item?.sendingSince ? <p className="mt-2">It may already have reached the server; if so, it shows in My Orders.</p> : null}
    </ConfirmModal>
  );
}

export interface QueuedOrdersProps {
  email: string;
  /** The user's outbox, oldest first; undefined while it is read. */
  items: OutboxItem[] | undefined;
  /** Sends the outbox now (after an edit saved while online). */
  sendNow: () => void;
  /** Orders of other accounts saved on this device: counted, never shown (docs/decisions/029-a-shared-counter-tablet.md). */
  othersWaiting?: number;
  /** A sales rep's: the name of the company an order is for, so each saved order says which (docs/decisions/043). */
  companyName?: ((companyId: string) => string | undefined) | undefined;
}

/** All another account's saved orders show of themselves on a shared tablet. */
function OthersWaiting({ count }: { count: number }) {
  const orders = count === 1 ? '1 order of another account waits' : `${formatCount(count)} orders of other accounts wait`;
  return (
    <p role="status" className="mb-3 rounded-box bg-base-200 px-4 py-3 text-sm" data-testid="others-queued">
      {orders} to be sent. {count === 1 ? 'It is' : 'They are'} sent when {count === 1 ? 'that account signs' : 'those accounts sign'} in on this device again.
    </p>
  );
}

export function QueuedOrders({ email, items, sendNow, othersWaiting = 0, companyName }: QueuedOrdersProps) {
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const closeDiscard = useCallback(() => setDiscarding(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  const own = items ?? [];
  if (own.length === 0 && othersWaiting === 0) return null;

  const columns: Column<OutboxItem>[] = [
    {
      header: 'Product',
      // An order of several tools lists them, each with the server's reason when it refused that line; an
      // order of one tool is named by it, and its reason is the order's, in the Status column.
      cell: (item) => {
        const company = item.companyId ? companyName?.(item.companyId) : undefined;
        return (
          <>
            {item.lines.length > 1 ? (
              <>
                <span className="font-medium">{queuedOrderName(item.lines)}</span>
                <QueuedLines item={item} label={`Tools of the ${queuedOrderName(item.lines)} order`} />
              </>
            ) : (
              queuedOrderName(item.lines)
            )}
            {company ? (
              <span className="block text-sm text-base-content/80" data-testid="queued-for-company">
                For {company}
              </span>
            ) : null}
            {item.poNumber || item.payment ? (
              <span className="block text-sm text-base-content/80" data-testid="queued-payment">
                {item.poNumber ? `PO ${item.poNumber}` : null}
                {item.poNumber && item.payment ? ' · ' : null}
                {item.payment === 'account' ? 'On account' : item.payment === 'card' ? 'By card' : null}
              </span>
            ) : null}
          </>
        );
      },
      className: 'min-w-36 max-w-72 whitespace-normal',
    },
    { header: 'Quantity (pcs.)', cell: (item) => formatCount(queuedPieces(item.lines)), className: 'text-right tabular-nums' },
    { header: 'Price', cell: (item) => <QueuedOrderPrice item={item} />, className: 'text-right tabular-nums' },
    { header: 'Status', cell: (item) => <QueuedOrderStatus item={item} /> },
    {
      header: 'Action',
      action: true,
      cell: (item) => {
        const blocked = editBlocker(item);
        return (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={`Edit the ${queuedOrderName(item.lines)} order`}
              disabled={blocked !== null}
              title={blocked ?? undefined}
              onClick={() => setEditing(item)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error bg-base-100"
              aria-label={`Discard the ${queuedOrderName(item.lines)} order`}
              onClick={() => setDiscarding(item)}
            >
              Discard
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="queued-orders-title" className="mb-8" data-testid="queued-orders">
      <h2 id="queued-orders-title" className="mb-1 text-xl font-bold">
        Saved on this device
      </h2>
      {othersWaiting > 0 ? <OthersWaiting count={othersWaiting} /> : null}
      {own.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-base-content/80">These orders are sent by themselves when the connection is back; none is sent twice.</p>
          <DataTable
            caption="Orders saved on this device"
            columns={columns}
            rows={own}
            rowKey={(item) => item.clientOrderId}
            rowClassName={(item) => (item.state === 'needs-attention' ? 'bg-[#fdeeee]' : 'bg-[#fff7e6]')}
            empty={null}
            stackBelow="md"
          />
        </>
      ) : null}
      <DiscardQueuedOrder email={email} item={discarding} onClose={closeDiscard} />
      {editing ? <EditQueuedOrder email={email} item={editing} sendNow={sendNow} onClose={closeEdit} /> : null}
    </section>
  );
}
