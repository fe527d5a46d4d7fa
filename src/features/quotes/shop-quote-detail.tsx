// One quote on the shop's Quotes screen (docs/decisions/058-quotes.md): who asked and when, where it stands,
// the form to price it while it waits for prices or has expired, its lines at the prices given while the dealer
// decides (Change the prices opens the form) and once closed, the order an acceptance placed or the dealer's
// words on declining, and the thread.

import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney, formatPrice } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import { isQuoteOpen, quoteTotal, type Quote } from '../../contract/quote';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { customerOf, formatCalendarDay, formatMoment, QuoteStatusBadge } from './shop-quote-parts';
import { ShopQuoteForm } from './shop-quote-form';
import { ShopQuoteThread } from './shop-quote-thread';
import { useQuote } from './quotes-api';

/** Where the quote stands, in a sentence for the shop. */
function standing(quote: Quote): string {
  switch (quote.status) {
    case 'requested':
      return quote.version > 1 ? 'The dealer asked again: it waits for your new prices.' : 'It waits for your prices.';
    case 'quoted':
      return `Priced: the dealer may accept it until ${formatCalendarDay(quote.expiresOn ?? '')}. You may still change the prices.`;
    case 'expired':
      return `Its prices could be accepted until ${formatCalendarDay(quote.expiresOn ?? '')}. Price it again to give the dealer a new date.`;
    case 'accepted':
      return 'Accepted: the dealer placed the order at these prices.';
    case 'declined':
      return 'Declined by the dealer.';
  }
}

/** The order an accepted quote placed: found on Manage Orders for an admin, on My Orders for a sales rep. */
function PlacedOrder({ quote, rep }: { quote: Quote; rep: boolean }) {
  if (!quote.order) return null;
  const number = quote.order.number;
  return (
    <p className="alert alert-success alert-soft">
      {number ? (
        <span>
          Order{' '}
          <Link to={rep ? '/dashboard/my-orders' : '/dashboard/manage-orders'} search={{ order: number }} className="link font-mono font-semibold">
            {number}
          </Link>{' '}
          was placed from this quote.
        </span>
      ) : (
        <span>An order was placed from this quote.</span>
      )}
    </p>
  );
}

/** The dealer's words on declining, the last decline of the thread. */
function DeclinedWords({ quote }: { quote: Quote }) {
  const declined = quote.messages.findLast((message) => message.event === 'declined');
  return (
    <div className="alert alert-error alert-soft grid justify-items-start gap-1">
      <span className="font-medium">{declined ? `${declined.authorName} declined on ${formatMoment(declined.at)}.` : 'The dealer declined this quote.'}</span>
      <span className="whitespace-pre-line break-words">{declined?.body ? `“${declined.body}”` : 'They left no message.'}</span>
    </div>
  );
}

/**
 * A quote's lines at the dealer's prices and the shop's last: a closed quote's, or one waiting for the dealer.
 * A table where its area is wide enough, each line a block of its own on a phone.
 */
function PricedLines({ quote }: { quote: Quote }) {
  const quoted = quoteTotal(quote, 'quoted');
  const columns = '@xl:grid-cols-[minmax(0,1fr)_5rem_8rem_8rem]';
  const value = 'grid tabular-nums @xl:block @xl:text-right';
  const label = 'text-xs text-base-content/70 @xl:sr-only';
  return (
    <section aria-label="Lines of the quote" className="@container rounded-box border border-base-300 px-4">
      <div aria-hidden="true" className={`hidden gap-3 border-b border-base-300 py-2 text-sm font-medium text-base-content/80 @xl:grid ${columns}`}>
        <span>Tool</span>
        <span className="text-right">Quantity</span>
        <span className="text-right">Dealer’s price</span>
        <span className="text-right">Quoted price</span>
      </div>
      <ul className="grid">
        {quote.lines.map((line) => (
          <li key={line.productId} className={`grid grid-cols-3 gap-x-3 gap-y-1 border-b border-base-300 py-3 ${columns}`}>
            <span className="col-span-3 grid gap-0.5 @xl:col-span-1">
              <span className="font-medium break-words">{line.productName}</span>
              {line.sku ? <span className="text-sm text-base-content/70">SKU {line.sku}</span> : null}
            </span>
            <span className={value}>
              <span className={label}>Quantity</span> {formatCount(line.quantity)}
            </span>
            <span className={value}>
              <span className={label}>Dealer’s price</span> {formatMoney(line.requestedUnitPriceMinor, quote.currency)}
            </span>
            <span className={`${value} font-medium`}>
              <span className={label}>Quoted price</span> {line.quotedUnitPriceMinor === null ? '—' : formatMoney(line.quotedUnitPriceMinor, quote.currency)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_auto] justify-end gap-x-6 gap-y-1 py-3 text-right tabular-nums">
        <dt className="text-base-content/80">At the dealer’s prices</dt>
        <dd>{formatPrice(quoteTotal(quote, 'requested') ?? 0, quote.currency)}</dd>
        <dt className="font-semibold">Quoted total</dt>
        <dd className="font-semibold">{quoted === null ? '—' : formatPrice(quoted, quote.currency)}</dd>
      </dl>
    </section>
  );
}

/** `id` null while the quote the address names is being found. */
export function ShopQuoteDetail({ id, rep, online, onBack }: { id: string | null; rep: boolean; online: boolean; onBack: () => void }) {
  const query = useQuote(id);
  // A quote waiting for the dealer shows its prices; the form opens on asking, for that version: sent, it closes.
  const [repricingVersion, setRepricingVersion] = useState<number | null>(null);
  const back = (
    <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={onBack}>
      ← Back to quotes
    </button>
  );
  const quote = query.data;
  if (!quote) {
    return (
      <div className="grid gap-4">
        {back}
        {query.isError ? <QueryError what="quote" query={query} /> : <Spinner label="Loading the quote" />}
      </div>
    );
  }
  return (
    <article className="grid gap-6" aria-labelledby={`quote-${quote.id}`}>
      {back}
      <header className="grid gap-2">
        <h2 id={`quote-${quote.id}`} className="flex flex-wrap items-center gap-3 text-xl font-semibold">
          <span className="font-mono">{quote.number}</span>
          <QuoteStatusBadge status={quote.status} />
        </h2>
        <dl className="grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:max-w-xl">
          <dt className="text-base-content/70">Company</dt>
          <dd className="break-words">{customerOf(quote)}</dd>
          <dt className="text-base-content/70">Requested by</dt>
          <dd className="grid min-w-0">
            <span className="break-words">{quote.requestedBy.name}</span>
            <span className="text-base-content/70 [overflow-wrap:anywhere]">{quote.requestedBy.email}</span>
          </dd>
          <dt className="text-base-content/70">Asked</dt>
          <dd>{formatMoment(quote.createdAt)}</dd>
          <dt className="text-base-content/70">Tools</dt>
          <dd>{formatCount(quote.lines.length)}</dd>
        </dl>
        <p role="status">{standing(quote)}</p>
      </header>
      {quote.status === 'accepted' ? <PlacedOrder quote={quote} rep={rep} /> : null}
      {quote.status === 'declined' ? <DeclinedWords quote={quote} /> : null}
      {isQuoteOpen(quote.status) && (quote.status !== 'quoted' || repricingVersion === quote.version) ? (
        <section className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          {/* Priced again, the quote comes back with a new version: the form opens anew on its prices. */}
          <ShopQuoteForm key={`${quote.id}-${quote.version}`} quote={quote} online={online} />
        </section>
      ) : (
        <>
          <PricedLines quote={quote} />
          {quote.status === 'quoted' ? (
            <button type="button" className="btn btn-outline btn-primary justify-self-start" onClick={() => setRepricingVersion(quote.version)}>
              Change the prices
            </button>
          ) : null}
        </>
      )}
      <ShopQuoteThread quote={quote} online={online} />
    </article>
  );
}
