// One quote on the shop's Quotes screen (docs/decisions/058-quotes.md): who asked and when, where it stands,
// the form to price it while it is open (requested, or quoted and expired: priced again), its lines at the
// prices given once closed, the order an acceptance placed or the dealer's words on declining, and the thread.

import { Link } from '@tanstack/react-router';
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

/** A closed quote's lines, at the dealer's prices and the shop's last. */
function ClosedLines({ quote }: { quote: Quote }) {
  const quoted = quoteTotal(quote, 'quoted');
  return (
    <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label="Lines of the quote">
      <table className="table">
        <thead>
          <tr>
            <th scope="col" className="bg-base-200 text-base-content/85">
              Tool
            </th>
            <th scope="col" className="bg-base-200 text-right text-base-content/85">
              Quantity
            </th>
            <th scope="col" className="bg-base-200 text-right text-base-content/85">
              Dealer’s price
            </th>
            <th scope="col" className="bg-base-200 text-right text-base-content/85">
              Quoted price
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row" className="font-medium">
                <span className="grid gap-0.5">
                  <span className="break-words">{line.productName}</span>
                  {line.sku ? <span className="text-sm font-normal text-base-content/70">SKU {line.sku}</span> : null}
                </span>
              </th>
              <td className="text-right tabular-nums">{formatCount(line.quantity)}</td>
              <td className="text-right tabular-nums">{formatMoney(line.requestedUnitPriceMinor, quote.currency)}</td>
              <td className="text-right tabular-nums">{line.quotedUnitPriceMinor === null ? '—' : formatMoney(line.quotedUnitPriceMinor, quote.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="text-right">
              Total
            </th>
            <td className="text-right tabular-nums">{formatPrice(quoteTotal(quote, 'requested') ?? 0, quote.currency)}</td>
            <td className="text-right tabular-nums">{quoted === null ? '—' : formatPrice(quoted, quote.currency)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function ShopQuoteDetail({ id, rep, online, onBack }: { id: string; rep: boolean; online: boolean; onBack: () => void }) {
  const query = useQuote(id);
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
          <dd className="break-words">
            {quote.requestedBy.name} <span className="break-all text-base-content/70">({quote.requestedBy.email})</span>
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
      {isQuoteOpen(quote.status) ? (
        <section className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          {/* Priced again, the quote comes back with a new version: the form opens anew on its prices. */}
          <ShopQuoteForm key={`${quote.id}-${quote.version}`} quote={quote} online={online} />
        </section>
      ) : (
        <ClosedLines quote={quote} />
      )}
      <ShopQuoteThread quote={quote} online={online} />
    </article>
  );
}
