// The shop's Quotes screen (docs/decisions/058-quotes.md): the quote requests of every company for an admin,
// of its own companies for a sales rep (the server decides which), newest first. It opens on the requests
// waiting for prices; a status filter shows the others, or all. Opening one (?quote=<number> in the address,
// as the dealer's screen has it, so a link or the back button finds it) prices it and shows its thread.

import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { IdSchema } from '../../contract/fields';
import { formatCount } from '../../contract/pricing';
import { QUOTE_STATUSES, QUOTE_STATUS_LABEL, type Quote, type QuoteStatus } from '../../contract/quote';
import { texts } from '../../contract/messages';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { useOnline } from '../offline/network-status';
import { customerOf, formatCalendarDay, formatDay, QuoteStatusBadge, QuoteTotals } from './shop-quote-parts';
import { ShopQuoteDetail } from './shop-quote-detail';
import { quotesQueryOptions, useQuotes } from './quotes-api';

type StatusFilter = QuoteStatus | 'all';

const EMPTY: Record<StatusFilter, string> = {
  requested: 'No quote request is waiting for prices.',
  quoted: 'No quote is waiting for the dealer.',
  expired: 'No quote has expired.',
  accepted: 'No quote has been accepted yet.',
  declined: 'No quote has been declined.',
  all: 'No dealer has asked for a quote yet.',
};

/** The quote named in the address (`?quote=Q-2026-00012`, or its id), and how to open one or go back to the list. */
function useOpenedQuote(): [string | null, (quote: string | null) => void] {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  const opened = new URLSearchParams(searchStr).get('quote');
  // The route declares no search: the parameter is kept as the address has it.
  const open = (quote: string | null) => void navigate({ to: '/dashboard/quotes', search: (quote ? { quote } : {}) as never });
  return [opened || null, open];
}

/**
 * The id of the quote the address names: an id as it is, a number found in the list shown or else among all
 * the caller's quotes (read only then); `id` null while they load, `missing` when none has that number.
 */
function useOpenedId(opened: string | null, shown: Quote[] | undefined) {
  const isId = opened !== null && v.is(IdSchema, opened);
  const inShown = opened !== null && !isId ? shown?.find((quote) => quote.number === opened) : undefined;
  const all = useQuery({ ...quotesQueryOptions(), enabled: opened !== null && !isId && shown !== undefined && !inShown });
  const id = opened === null ? null : isId ? opened : (inShown?.id ?? all.data?.quotes.find((quote) => quote.number === opened)?.id ?? null);
  return { id, missing: opened !== null && id === null && all.data !== undefined, all };
}

export function ShopQuotes({ rep }: { rep: boolean }) {
  const filterId = useId();
  const online = useOnline();
  const [status, setStatus] = useState<StatusFilter>('requested');
  const [opened, open] = useOpenedQuote();
  const quotes = useQuotes(status === 'all' ? undefined : status);
  // The count of requests to price, whatever the list shows (the same query when it shows them).
  const waiting = useQuotes('requested').data?.quotes.length;
  const openedId = useOpenedId(opened, quotes.data?.quotes);

  if (opened !== null) {
    const back = (
      <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={() => open(null)}>
        ← Back to quotes
      </button>
    );
    if (openedId.missing || (openedId.id === null && openedId.all.isError)) {
      return (
        <div className="grid gap-4">
          {back}
          {openedId.missing ? (
            <p role="alert" className="alert alert-warning alert-soft">
              There is no quote {opened} among yours.
            </p>
          ) : (
            <QueryError what="quotes" query={openedId.all} />
          )}
        </div>
      );
    }
    return <ShopQuoteDetail key={openedId.id ?? opened} id={openedId.id} rep={rep} online={online} onBack={() => open(null)} />;
  }

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
    {
      // Who asked under its company (a dealer without one is named once); the e-mail on a card, a table keeping
      // to the names (the quote shows both) so that its row stays within reach.
      header: 'Company',
      cell: (quote, layout) => (
        <span className="grid gap-0.5">
          <span className="break-words">{customerOf(quote)}</span>
          {quote.companyName === null || quote.companyName === quote.requestedBy.name ? null : (
            <span className="text-sm break-words text-base-content/70">by {quote.requestedBy.name}</span>
          )}
          {layout === 'card' ? <span className="text-xs text-base-content/70 [overflow-wrap:anywhere]">{quote.requestedBy.email}</span> : null}
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
          onClick={() => open(quote.number)}
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
    <div className="grid grid-cols-1 gap-4">
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
