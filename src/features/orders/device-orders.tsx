// The orders of This Device (docs/offline.md): every order the signed-in user saved on this device and the ones
// it sent, each with where it stands (Waiting to send, Sending, Needs attention with the server's reason, or
// Confirmed with the server's number), when it was saved, last tried, tried next and confirmed, and Retry and
// Discard while it is the device's to send. The badges, totals and Discard are My Orders' own (queued-orders.tsx).

import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { texts } from '../../contract/messages';
import { formatCount } from '../../contract/pricing';
import { formatSavedAt as formatTime } from '../../lib/saved-at';
import {
  deviceOrderState,
  approvalOf,
  isQuoteRequest,
  queuedOrderName,
  queuedPieces,
  retryOutboxItem,
  type DeviceOrders as Orders,
  type OutboxItem,
  type SentOrder,
} from '../../offline/outbox';
import { DataTable, type Column } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { DiscardQueuedOrder, QueuedOrderPrice, QueuedOrderStatus } from './queued-orders';

type Row = OutboxItem | SentOrder;

const isSent = (row: Row): row is SentOrder => 'sentAt' in row;

/** The time now, again every few seconds while a send is under way: a send whose holder died turns back to Waiting. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

function Times({ row, now, online }: { row: Row; now: number; online: boolean }) {
  const state = deviceOrderState(row, now);
  const next =
    state.kind !== 'waiting'
      ? null
      : state.signInRequired
        ? 'after you sign in again'
        : !online
          ? 'when the connection is back'
          : row.nextAttemptAt > now
            ? formatTime(row.nextAttemptAt)
            : 'now';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
      <dt className="text-base-content/80">Saved</dt>
      <dd>{formatTime(row.createdAt)}</dd>
      {row.lastAttemptAt !== undefined ? (
        <>
          <dt className="text-base-content/80">Last attempt</dt>
          <dd>{formatTime(row.lastAttemptAt)}</dd>
        </>
      ) : null}
      {next ? (
        <>
          <dt className="text-base-content/80">Next attempt</dt>
          <dd>{next}</dd>
        </>
      ) : null}
      {state.kind === 'confirmed' ? (
        <>
          <dt className="text-base-content/80">Confirmed</dt>
          <dd>{formatTime(state.at)}</dd>
        </>
      ) : null}
    </dl>
  );
}

export interface DeviceOrdersProps {
  email: string;
  /** The user's saved and sent orders; undefined while they are read. */
  orders: Orders | undefined;
  online: boolean;
  /** Sends the outbox now, ignoring its backoff. */
  sendNow: () => Promise<void>;
  /** A sales rep's: the name of the company an order is for. */
  companyName?: ((companyId: string) => string | undefined) | undefined;
}

export function DeviceOrders({ email, orders, online, sendNow, companyName }: DeviceOrdersProps) {
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const closeDiscard = useCallback(() => setDiscarding(null), []);
  const rows: Row[] | undefined = orders ? [...orders.queued, ...orders.sent] : undefined;
  const now = useNow(orders?.queued.some((item) => item.sendingSince !== null) ?? false);

  const retry = async (item: OutboxItem) => {
    setRetrying(item.clientOrderId);
    try {
      if (await retryOutboxItem(email, item.clientOrderId)) await sendNow();
    } finally {
      setRetrying(null);
    }
  };

  const columns: Column<Row>[] = [
    {
      header: 'Order',
      cell: (row) => {
        const company = row.companyId ? companyName?.(row.companyId) : undefined;
        const approval = approvalOf(row);
        return (
          <>
            <span className="font-medium">{queuedOrderName(row.lines)}</span>
            {isQuoteRequest(row) ? <span className="block text-sm text-base-content/80">Quote request</span> : null}
            {approval ? (
              <span className="block text-sm text-base-content/80">
                {approval.decision === 'approve' ? 'Approval' : 'Decline'} of {approval.orderNumber ?? 'a buyer’s order'}
              </span>
            ) : null}
            {company ? <span className="block text-sm text-base-content/80">For {company}</span> : null}
            {row.poNumber ? <span className="block text-sm text-base-content/80">PO {row.poNumber}</span> : null}
          </>
        );
      },
      className: 'min-w-36 max-w-72 whitespace-normal',
    },
    { header: 'Pieces', cell: (row) => formatCount(queuedPieces(row.lines)), className: 'text-right tabular-nums' },
    { header: 'Total', cell: (row) => <QueuedOrderPrice item={row} />, className: 'text-right tabular-nums' },
    { header: 'State', cell: (row) => <QueuedOrderStatus item={row} now={now} savedLine={false} /> },
    { header: 'Times', cell: (row) => <Times row={row} now={now} online={online} />, className: 'min-w-60' },
    {
      header: 'Action',
      action: true,
      cell: (row) => {
        const name = queuedOrderName(row.lines);
        if (isSent(row) && approvalOf(row)) {
          return (
            <Link to="/dashboard/my-company" className="btn btn-sm btn-outline whitespace-nowrap" aria-label={`Open My Company, where ${name} was decided`}>
              Open My Company
            </Link>
          );
        }
        if (isSent(row) && isQuoteRequest(row)) {
          return (
            <Link
              to="/dashboard/quotes"
              search={{ quote: row.orderNumber ?? undefined }}
              className="btn btn-sm btn-outline whitespace-nowrap"
              aria-label={`Open the quote ${row.orderNumber ?? ''} for ${name} in Quotes`.replace('  ', ' ')}
            >
              Open in Quotes
            </Link>
          );
        }
        if (isSent(row)) {
          return (
            <Link
              to="/dashboard/my-orders"
              className="btn btn-sm btn-outline whitespace-nowrap"
              aria-label={`Open the ${name} order ${row.orderNumber ?? ''} in My Orders`.trim()}
            >
              Open in My Orders
            </Link>
          );
        }
        const sending = deviceOrderState(row, now).kind === 'sending';
        const blocked = !online ? texts.needsNetwork : sending ? 'It is being sent right now.' : null;
        return (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={`Retry the ${name} order`}
              disabled={blocked !== null || retrying !== null}
              title={blocked ?? undefined}
              onClick={() => void retry(row)}
            >
              {retrying === row.clientOrderId ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              Retry
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error bg-base-100"
              aria-label={`Discard the ${name} order`}
              onClick={() => setDiscarding(row)}
            >
              Discard
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="device-orders-title" className="mb-8" data-testid="device-orders">
      <h2 id="device-orders-title" className="mb-1 text-xl font-bold">
        Orders
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        What this device saved to send, and what it sent in the last 30 days. Saved orders are sent by themselves when the connection is back; none is sent
        twice.
      </p>
      {!online && orders && orders.queued.length > 0 ? (
        <p role="status" className="mb-3 rounded-box bg-warning/20 px-4 py-3 text-sm" data-testid="retry-offline">
          {texts.needsNetwork} Retry waits until you are back online.
        </p>
      ) : null}
      {rows === undefined ? (
        <Spinner label="Reading the orders saved on this device" />
      ) : (
        <DataTable
          caption="Orders saved on and sent from this device"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.clientOrderId}
          rowClassName={(row) => (isSent(row) ? '' : row.state === 'needs-attention' ? 'bg-[#fdeeee]' : 'bg-[#fff7e6]')}
          empty={<p className="py-6 text-center text-base-content/80">No order was saved on or sent from this device yet.</p>}
          stackBelow="laptop"
        />
      )}
      <DiscardQueuedOrder email={email} item={discarding} onClose={closeDiscard} />
    </section>
  );
}
