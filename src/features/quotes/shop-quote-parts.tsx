// Small pieces of the shop's Quotes screens: a quote's status badge, who asked for it, its days and totals
// in the reader's words.

import { formatPrice } from '../../contract/money';
import { QUOTE_STATUS_LABEL, quoteTotal, type Quote, type QuoteStatus } from '../../contract/quote';

const TONES: Record<QuoteStatus, string> = {
  requested: 'badge-info',
  quoted: 'badge-primary',
  expired: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-error',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge whitespace-nowrap ${TONES[status]}`}>{QUOTE_STATUS_LABEL[status]}</span>;
}

/** The company a quote is for, or the dealer's own name when it has none. */
export const customerOf = (quote: Pick<Quote, 'companyName' | 'requestedBy'>) => quote.companyName ?? quote.requestedBy.name;

/** A moment (ISO) as the reader's calendar day. */
export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
/** A moment (ISO) as the reader's day and time. */
export const formatMoment = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
/** A calendar day (`YYYY-MM-DD`, a UTC day as the server keeps expiries) in the reader's words, that same day wherever they are. */
export const formatCalendarDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00.000Z`));

/** The quote's total at the dealer's prices, and at the shop's once priced: what a row of the list shows. */
export function QuoteTotals({ quote }: { quote: Pick<Quote, 'lines' | 'currency'> }) {
  const requested = quoteTotal(quote, 'requested') ?? 0;
  const quoted = quoteTotal(quote, 'quoted');
  return (
    <span className="grid gap-0.5 tabular-nums">
      <span className="whitespace-nowrap">
        <span className="text-base-content/70">Dealer: </span>
        {formatPrice(requested, quote.currency)}
      </span>
      {quoted === null ? null : (
        <span className="whitespace-nowrap font-medium">
          <span className="font-normal text-base-content/70">Quoted: </span>
          {formatPrice(quoted, quote.currency)}
        </span>
      )}
    </span>
  );
}
