// The shop's Quotes screen (docs/decisions/058-quotes.md): the quote requests of every company for an admin,
// of its own companies for a sales rep (the server decides which), newest first. It opens on the requests
// waiting for prices; a status filter shows the others, or all. Opening one prices it and shows its thread.

import { useId, useState } from 'react';
import { formatCount } from '../../contract/pricing';
import { QUOTE_STATUSES, QUOTE_STATUS_LABEL, type Quote, type QuoteStatus } from '../../contract/quote';
import { texts } from '../../contract/messages';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { useOnline } from '../offline/network-status';
import { customerOf, formatCalendarDay, formatDay, QuoteStatusBadge, QuoteTotals } from './shop-quote-parts';
import { ShopQuoteDetail } from './shop-quote-detail';
import { useQuotes } from './quotes-api';

type StatusFilter = QuoteStatus | 'all';

const EMPTY: Record<StatusFilter, string> = {
  requested: 'No quote request is waiting for prices.',
  quoted: 'No quote is waiting for the dealer.',
  expired: 'No quote has expired.',
  accepted: 'No quote has been accepted yet.',
  declined: 'No quote has been declined.',
  all: 'No dealer has asked for a quote yet.',
};

export function ShopQuotes({ rep }: { rep: boolean }) {
  const filterId = useId();
  const online = useOnline();
  const [status, setStatus] = useState<StatusFilter>('requested');
  const [openId, setOpenId] = useState<string | null>(null);
  const quotes = useQuotes(status === 'all' ? undefined : status);
  // The count of requests to price, whatever the list shows (the same query when it shows them).
  const waiting = useQuotes('requested').data?.quotes.length;

  if (openId) return <ShopQuoteDetail id={openId} rep={rep} online={online} onBack={() => setOpenId(null)} />;

  const columns: Column<Quote>[] = [
    {
      header: 'Quote',
      cell: (quote) => (
        <span className="grid gap-0.5">
          <span className="whitespace-nowrap font-mono text-sm font-semibold">{quote.number}</span>
          <time dateTime={quote.createdAt} className="text-xs font-normal text-base-content/80">
            {formatDay(quote.createdAt)}
          </time>
        </span>
      ),
    },
    { header: 'Company', cell: (quote) => <span className="break-words">{customerOf(quote)}</span> },
    {
      header: 'Requested by',
      cell: (quote) => (
        <span className="grid gap-0.5">
          <span className="break-words">{quote.requestedBy.name}</span>
          <span className="break-all text-xs text-base-content/70">{quote.requestedBy.email}</span>
        </span>
      ),
    },
    { header: 'Tools', cell: (quote) => <span className="tabular-nums">{formatCount(quote.lines.length)}</span> },
    { header: 'Total', cell: (quote) => <QuoteTotals quote={quote} /> },
    { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
    {
      header: 'Expires',
      cell: (quote) => <span className="whitespace-nowrap">{quote.expiresOn ? formatCalendarDay(quote.expiresOn) : '—'}</span>,
    },
    {
      header: 'Open',
      action: true,
      cell: (quote) => (
        <button
          type="button"
          className="btn btn-sm btn-primary btn-outline"
          aria-label={`${quote.status === 'requested' ? 'Price' : 'Open'} ${quote.number}`}
          onClick={() => setOpenId(quote.id)}
        >
          {quote.status === 'requested' ? 'Price' : 'Open'}
        </button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-1">
      <label htmlFor={filterId} className="text-sm font-medium">
        Status
      </label>
      <select id={filterId} className="select w-full sm:w-56" value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
        {QUOTE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {QUOTE_STATUS_LABEL[value]}
            {value === 'requested' && waiting ? ` (${formatCount(waiting)})` : ''}
          </option>
        ))}
        <option value="all">All quotes</option>
      </select>
    </div>
  );

  return (
    <div className="grid gap-4">
      {online ? null : (
        <p role="status" className="alert alert-warning">
          {texts.needsNetwork} Pricing and messages come back when the connection does.
        </p>
      )}
      <p className="text-base-content/80">
        {rep ? 'The quote requests of your companies.' : 'The quote requests of every company.'} Open one to give it prices, or to write to the dealer.
      </p>
      {waiting ? (
        <p role="status" className="alert alert-info alert-soft">
          {waiting === 1 ? '1 quote request is waiting for your prices.' : `${formatCount(waiting)} quote requests are waiting for your prices.`}
        </p>
      ) : null}
      {quotes.isError && !quotes.data ? <QueryError what="quotes" query={quotes} /> : null}
      {quotes.isPending || quotes.data ? (
        <DataTable
          caption="Quotes"
          columns={columns}
          rows={quotes.data?.quotes}
          loading="Loading quotes"
          rowKey={(quote) => quote.id}
          empty={EMPTY[status]}
          busy={quotes.isFetching && !quotes.isPending}
          toolbar={toolbar}
          stackBelow="laptop"
        />
      ) : null}
    </div>
  );
}
