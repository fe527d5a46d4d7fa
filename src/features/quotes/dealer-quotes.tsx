// The dealer's Quotes screen (docs/decisions/058-quotes.md): its company's quote requests, newest first, each
// with where it stands and its total at the shop's prices; one opened (?quote=<number> in the address, so a
// link or the back button finds it) shows its lines, expiry and thread, and lets the dealer write to the shop,
// accept, decline or ask again. Answering needs a connection: offline the list shows as last read.

import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { formatMoney } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import { QUOTE_STATUS_LABEL, quoteTotal, type Quote } from '../../contract/quote';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../offline/network-status';
import type { QuoteDelivery } from './dealer-quote-accept';
import { DealerQuoteDetail } from './dealer-quote-detail';
import { formatDay, formatExpiry, statusBadge } from './dealer-quote-format';
import { useQuotes } from './quotes-api';

export type { QuoteDelivery } from './dealer-quote-accept';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** The quote named in the address (`?quote=Q-2026-00012`, or its id); null for the list. */
function useOpenedQuote(): [string | null, (quote: string | null) => void] {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  const opened = new URLSearchParams(searchStr).get('quote');
  const open = (quote: string | null) => {
    // The route takes no declared search: the parameter is kept as the address has it.
    void navigate({ to: '/dashboard/quotes', search: (quote ? { quote } : {}) as never });
  };
  return [opened, open];
}

export interface DealerQuotesProps {
  /**
   * Where an accepted quote's order goes and how it is paid, as the order pad starts its form (the profile's
   * address and phone, the company's locations, its terms); null while they are read (Accept's form waits for
   * them); left out, the dealer types the address and phone.
   */
  delivery?: QuoteDelivery | null | undefined;
}

export function DealerQuotes({ delivery }: DealerQuotesProps = {}) {
  const quotes = useQuotes();
  const [opened, open] = useOpenedQuote();
  const online = useOnline();

  if (!online && !quotes.data) {
    return (
      <p role="status" className="rounded-box bg-warning/20 px-4 py-3">
        You are offline, and your quotes were not read on this device yet: they show once the connection is back. A quote request saved offline is sent then;{' '}
        <Link to="/dashboard/this-device" className="link link-primary">
          This Device
        </Link>{' '}
        lists it until it is.
      </p>
    );
  }
  if (quotes.isPending) return <Spinner label="Loading your quotes" />;
  if (quotes.isError && !quotes.data) return <QueryError what="quotes" query={quotes} />;
  const list = [...quotes.data.quotes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  if (opened !== null) {
    const listed = list.find((quote) => quote.number === opened || quote.id === opened);
    // A number not in the list is no quote of this company's; an id is asked for (a link from a message).
    if (!listed && !UUID.test(opened)) {
      return (
        <div className="grid gap-4">
          <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={() => open(null)}>
            ← All quotes
          </button>
          <p role="alert" className="alert alert-warning alert-soft">
            There is no quote {opened} among yours.
          </p>
        </div>
      );
    }
    return <DealerQuoteDetail key={listed?.id ?? opened} id={listed?.id ?? opened} listed={listed} delivery={delivery} onBack={() => open(null)} />;
  }

  if (list.length === 0) {
    return (
      <p className="py-6 text-base-content/80">
        You have not asked for a quote yet. On your order pad, <strong>Request a quote</strong> sends its lines to the shop, which answers here with its prices.
      </p>
    );
  }

  return (
    <div className="grid gap-3">
      {online ? null : (
        <p role="status" className="rounded-box bg-warning/20 px-4 py-3 text-sm">
          You are offline: these are your quotes as last read. Answering one needs a connection.
        </p>
      )}
      <p className="text-sm text-base-content/80">The shop answers your requests here. Open a quote to read its prices and thread, and to accept it.</p>
      <ul className="grid gap-3" aria-label="Your quotes">
        {list.map((quote) => (
          <QuoteRow key={quote.id} quote={quote} onOpen={() => open(quote.number)} />
        ))}
      </ul>
    </div>
  );
}

function QuoteRow({ quote, onOpen }: { quote: Quote; onOpen: () => void }) {
  const total = quoteTotal(quote);
  const tools = quote.lines.length === 1 ? '1 tool' : `${formatCount(quote.lines.length)} tools`;
  const expiry = quote.status === 'quoted' || quote.status === 'expired' ? formatExpiry(quote) : null;
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="quote-row">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button type="button" className="link link-primary text-lg font-bold" onClick={onOpen} aria-label={`Open quote ${quote.number}`}>
            {quote.number}
          </button>
          <span className={`badge ${statusBadge(quote.status)}`}>{QUOTE_STATUS_LABEL[quote.status]}</span>
        </div>
        <p className="text-lg font-semibold tabular-nums">
          {total === null || quote.status === 'requested' ? (
            <span className="text-base font-normal text-base-content/80">Waiting for prices</span>
          ) : (
            formatMoney(total, quote.currency)
          )}
        </p>
      </div>
      <p className="mt-1 text-sm text-base-content/80">
        {tools} · requested {formatDay(quote.createdAt)} by {quote.requestedBy.name}
        {expiry ? ` · ${expiry}` : ''}
        {quote.order?.number ? ` · order ${quote.order.number}` : ''}
      </p>
    </li>
  );
}
