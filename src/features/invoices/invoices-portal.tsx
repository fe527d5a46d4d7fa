// The dealer's invoices (docs/decisions/044-orders-on-account.md): the open balance and the overdue amount
// at the top, the invoices of one state at a time (Open, Overdue, Paid) each with its PDF, and a checkbox on those this
// dealer may pay; "Pay selected" pays the chosen ones with one card payment. The card form and the download
// are the screen's (composed in src/routes/invoices.tsx). Paying needs the network.

import { useMemo, useState, type ReactNode } from 'react';
import { termsLabel, type InvoiceState } from '../../contract/account-terms';
import { INVOICES_PAGE_SIZE, type PortalInvoice } from '../../contract/invoices-portal';
import { texts } from '../../contract/messages';
import type { CardPaymentResult } from '../../contract/payment';
import { formatMoney, type CurrencyCode } from '../../contract/money';
import { DataTable, type Column } from '../../ui/data-table';
import { InvoiceButton } from '../../ui/invoice-button';
import { OrderTotals, orderShowsRows } from '../../ui/order-totals';
import { QueryError } from '../../ui/query-error';
import { useOnline } from '../offline/network-status';
import { useInvoices } from './get-invoices';
import { usePayInvoices, type ConfirmCard } from './use-pay-invoices';

/** What the card form of the payment feature takes: the same shape, so the screen passes it straight in. */
export interface InvoiceCardFormProps {
  clientSecret: string | null;
  disabledReason: string | null;
  paying: boolean;
  billing: { name: string; email: string };
  onPay: (clientSecret: string, confirmCard: (clientSecret: string) => Promise<CardPaymentResult>) => void;
}

export interface InvoicesPortalProps {
  email: string;
  /** The billing name and e-mail the card is confirmed with. */
  billing: { name: string; email: string };
  cardForm: (props: InvoiceCardFormProps) => ReactNode;
  onDownload: (invoice: PortalInvoice) => Promise<void>;
}

const STATE_FILTERS: { state: InvoiceState; label: string; empty: string }[] = [
  { state: 'open', label: 'Open', empty: 'No open invoices: nothing is waiting to be paid.' },
  { state: 'overdue', label: 'Overdue', empty: 'No overdue invoices.' },
  { state: 'paid', label: 'Paid', empty: 'No paid invoices yet.' },
];

const BADGES: Record<InvoiceState, string> = { open: 'badge-info', overdue: 'badge-error', paid: 'badge-success' };
const STATE_WORDS: Record<InvoiceState, string> = { open: 'Open', overdue: 'Overdue', paid: 'Paid' };

const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function Balance({ openBalance, overdue, currency }: { openBalance: number; overdue: number; currency: CurrencyCode }) {
  return (
    <dl className="mb-6 grid gap-3 sm:grid-cols-2">
      <div className="rounded-box border border-base-300 bg-base-100 p-4">
        <dt className="text-sm text-base-content/80">Open balance</dt>
        <dd className="text-2xl font-bold tabular-nums" data-testid="open-balance">
          {formatMoney(openBalance, currency)}
        </dd>
      </div>
      <div className={`rounded-box border p-4 ${overdue > 0 ? 'border-error/50 bg-[#fdeeee]' : 'border-base-300 bg-base-100'}`}>
        <dt className="text-sm text-base-content/80">Overdue</dt>
        <dd className={`text-2xl font-bold tabular-nums ${overdue > 0 ? 'text-error' : ''}`} data-testid="overdue-amount">
          {formatMoney(overdue, currency)}
        </dd>
      </div>
    </dl>
  );
}

/** The payment of the chosen invoices: the amount the server added up and the card form, or how it ended. */
function PaymentPanel({
  payment,
  billing,
  cardForm,
  online,
  onClose,
}: {
  payment: ReturnType<typeof usePayInvoices>;
  billing: InvoicesPortalProps['billing'];
  cardForm: InvoicesPortalProps['cardForm'];
  online: boolean;
  onClose: () => void;
}) {
  const { state } = payment;
  if (state.phase === 'idle') return null;
  if (state.phase === 'paid') {
    return (
      <section aria-label="Card payment" className="mt-6 grid gap-3 rounded-box border border-success/40 bg-[#ebf7ee] p-5" role="status">
        <p className="text-lg font-bold text-[#1f6f3a]">
          You paid {formatMoney(state.amount, state.currency)} for {state.count === 1 ? 'one invoice' : `${state.count} invoices`}.
        </p>
        <p>
          Your transaction id:{' '}
          <code className="break-all font-mono font-bold" data-testid="transaction-id">
            {state.transactionId}
          </code>
        </p>
        <button type="button" className="btn btn-sm btn-outline justify-self-start bg-base-100" onClick={onClose}>
          Done
        </button>
      </section>
    );
  }
  const intent = state.phase === 'preparing' ? null : state.intent;
  const disabledReason = !online ? texts.needsNetwork : state.phase === 'preparing' ? 'Preparing the payment...' : null;
  return (
    <section aria-label="Card payment" className="mt-6 grid gap-4 rounded-box border border-base-300 p-5 shadow-sm md:p-8">
      {intent ? (
        <p className="text-lg">
          Please pay <strong className="text-xl">{formatMoney(intent.amount, intent.currency)}</strong> for{' '}
          {intent.orderIds.length === 1 ? 'one invoice' : `${intent.orderIds.length} invoices`}.
        </p>
      ) : null}
      {intent
        ? cardForm({
            clientSecret: intent.clientSecret,
            disabledReason,
            paying: state.phase === 'paying',
            billing,
            onPay: (_secret, confirmCard: ConfirmCard) => void payment.pay(intent, confirmCard),
          })
        : null}
      {state.phase === 'preparing' ? <span className="loading loading-spinner" aria-label="Preparing the payment" /> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="font-medium text-error" data-testid="payment-error">
          {state.message}
        </p>
      ) : null}
      <button type="button" className="btn btn-sm btn-ghost justify-self-start" onClick={onClose} disabled={state.phase === 'paying'}>
        Change the selection
      </button>
    </section>
  );
}

export function InvoicesPortal({ email, billing, cardForm, onDownload }: InvoicesPortalProps) {
  const [showing, setShowing] = useState<InvoiceState>('open');
  const [page, setPage] = useState(1);
  const invoices = useInvoices(email, showing, page);
  const online = useOnline();
  const payment = usePayInvoices();
  // The invoices chosen, as last seen: the choice holds across tabs and pages.
  const [chosen, setChosen] = useState<ReadonlyMap<string, PortalInvoice>>(new Map());
  const items = useMemo(() => (invoices.isPlaceholderData ? [] : (invoices.data?.items ?? [])), [invoices.data, invoices.isPlaceholderData]);
  // Only what is still payable stays chosen: an invoice seen paid meanwhile drops out by itself.
  const selected = useMemo(() => {
    const seen = new Map(items.map((invoice) => [invoice.orderId, invoice]));
    return [...chosen.values()].map((invoice) => seen.get(invoice.orderId) ?? invoice).filter((invoice) => invoice.mayPay);
  }, [items, chosen]);
  // A dealer's open invoices are of one company, so of one currency.
  const selectedAmount = selected.reduce((sum, invoice) => sum + invoice.amount, 0);
  const locked = payment.state.phase !== 'idle' && payment.state.phase !== 'paid';

  if (invoices.isPending) return <span className="loading loading-spinner" aria-label="Loading your invoices" />;
  if (invoices.isError) return <QueryError what="invoices" query={invoices} />;

  const shown = items.filter((invoice) => invoice.state === showing);
  const payableShown = shown.filter((invoice) => invoice.mayPay);
  const toggle = (invoice: PortalInvoice, on: boolean) =>
    setChosen((before) => {
      const next = new Map(before);
      if (on) next.set(invoice.orderId, invoice);
      else next.delete(invoice.orderId);
      return next;
    });
  const show = (state: InvoiceState) => {
    setShowing(state);
    setPage(1);
  };
  const allShownChosen = payableShown.length > 0 && payableShown.every((invoice) => chosen.has(invoice.orderId));

  const columns: Column<PortalInvoice>[] = [
    {
      header: 'Invoice',
      cell: (invoice) => (
        <span className="flex items-center gap-3">
          {invoice.mayPay ? (
            <input
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={chosen.has(invoice.orderId)}
              disabled={locked}
              onChange={(event) => toggle(invoice, event.target.checked)}
              aria-label={`Pay invoice ${invoice.invoiceNo}`}
            />
          ) : null}
          <span className="grid">
            <span className="font-semibold tabular-nums">{invoice.invoiceNo}</span>
            <span className="text-sm font-normal text-base-content/80">
              Order {invoice.number}
              {invoice.poNumber ? ` · PO ${invoice.poNumber}` : ''}
            </span>
            {invoice.state !== 'paid' && !invoice.mayPay ? (
              <span className="text-xs font-normal text-base-content/80">{`Placed by ${invoice.placedBy}: they or your company’s admin pay it`}</span>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      header: 'Amount',
      className: 'text-right tabular-nums',
      // What the invoice asks for; an invoice with tax shows its net and tax line above its gross, and one whose order
      // paid a deposit before it shipped shows the deposit and the rest, which is what it asks for.
      cell: (invoice) => {
        const order = { ...invoice, totalMinor: invoice.amount + (invoice.depositMinor ?? 0), totalPrice: 0, depositPaidAt: invoice.issuedAt };
        return orderShowsRows(order) ? <OrderTotals order={order} /> : <strong>{formatMoney(invoice.amount, invoice.currency)}</strong>;
      },
    },
    {
      header: showing === 'paid' ? 'Paid' : 'Due',
      cell: (invoice) =>
        showing === 'paid' ? (invoice.paidAt ? formatDay(invoice.paidAt) : '—') : invoice.dueAt ? formatDay(invoice.dueAt) : termsLabel(invoice.paymentTerms),
    },
    { header: 'Issued', cell: (invoice) => formatDay(invoice.issuedAt) },
    { header: 'State', cell: (invoice) => <span className={`badge ${BADGES[invoice.state]}`}>{STATE_WORDS[invoice.state]}</span> },
    {
      header: 'Download',
      action: true,
      cell: (invoice) => (
        <InvoiceButton
          order={{ _id: invoice.orderId, invoiceNo: invoice.invoiceNo }}
          onDownload={() => onDownload(invoice)}
          offlineTitle={online ? undefined : texts.needsNetwork}
        />
      ),
    },
  ];

  const current = STATE_FILTERS.find((filter) => filter.state === showing) ?? STATE_FILTERS[0];
  return (
    <>
      <Balance openBalance={invoices.data.openBalance} overdue={invoices.data.overdue} currency={invoices.data.currency} />
      <div role="group" aria-label="Show the invoices that are" className="join mb-4">
        {STATE_FILTERS.map((t) => (
          <button
            key={t.state}
            type="button"
            aria-pressed={showing === t.state}
            className={`btn join-item min-h-11 ${showing === t.state ? 'btn-neutral' : 'bg-base-100'}`}
            onClick={() => show(t.state)}
          >
            {t.label} ({invoices.data.counts?.[t.state] ?? items.filter((invoice) => invoice.state === t.state).length})
          </button>
        ))}
      </div>
      <DataTable
        caption={`${current?.label ?? ''} invoices`}
        columns={columns}
        rows={invoices.isPlaceholderData ? undefined : shown}
        loading="Loading the invoices"
        rowKey={(invoice) => invoice.orderId}
        pagination={{ page, pageSize: invoices.data.pageSize ?? INVOICES_PAGE_SIZE, total: invoices.data.total ?? shown.length, onPageChange: setPage }}
        empty={<p className="py-6 text-center">{current?.empty}</p>}
        busy={invoices.isFetching}
        stackBelow="md"
        toolbar={
          payableShown.length > 1 ? (
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                checked={allShownChosen}
                disabled={locked}
                onChange={(event) => {
                  for (const invoice of payableShown) toggle(invoice, event.target.checked);
                }}
              />
              Choose every invoice here you may pay
            </label>
          ) : undefined
        }
      />
      {showing === 'paid' ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={selected.length === 0 || locked || !online}
            onClick={() => void payment.start(selected.map((invoice) => invoice.orderId))}
          >
            Pay selected ({formatMoney(selectedAmount, selected[0]?.currency ?? invoices.data.currency)})
          </button>
          <span className="text-sm text-base-content/80" aria-live="polite">
            {!online ? texts.needsNetwork : selected.length === 0 ? 'Choose the invoices to pay.' : `${selected.length} chosen`}
          </span>
        </div>
      )}
      <PaymentPanel
        payment={payment}
        billing={billing}
        cardForm={cardForm}
        online={online}
        onClose={() => {
          if (payment.state.phase === 'paid') setChosen(new Map());
          payment.reset();
        }}
      />
    </>
  );
}
