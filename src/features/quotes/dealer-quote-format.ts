// How the dealer's Quotes screen writes a quote's days, its expiry, its status and its thread's steps.

import type { Quote, QuoteStatus, QuoteThreadMessage } from '../../contract/quote';

/** A moment as a day on the device's calendar: "Nov 28, 2026". */
export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** A moment as a day and time: a message of the thread. */
export const formatMoment = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A calendar day (YYYY-MM-DD) as written, whatever the device's time zone: the quote's last day. */
export const formatCalendarDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Today in UTC, as the server counts a quote's last day (to the end of that day UTC). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whether the quote's last day has passed, though the server may not have marked it yet. */
export const isPastExpiry = (quote: Pick<Quote, 'expiresOn'>, now = new Date()) => quote.expiresOn !== null && quote.expiresOn < todayUtc(now);

/** "Accept by Dec 12, 2026", or that it could be accepted until then; null before the shop priced it. */
export function formatExpiry(quote: Pick<Quote, 'status' | 'expiresOn'>, now = new Date()): string | null {
  if (quote.expiresOn === null) return null;
  const day = formatCalendarDay(quote.expiresOn);
  return quote.status === 'expired' || isPastExpiry(quote, now) ? `Expired: could be accepted until ${day}` : `Accept by ${day}`;
}

const BADGES: Record<QuoteStatus, string> = {
  requested: 'badge-info badge-soft',
  quoted: 'badge-success',
  expired: 'badge-warning',
  accepted: 'badge-neutral',
  declined: 'badge-ghost',
};

export const statusBadge = (status: QuoteStatus) => BADGES[status];

/** What a message of the thread came with, as the dealer reads it; null for words alone. */
export const EVENT_LABEL: Record<QuoteThreadMessage['event'], string | null> = {
  requested: 'Asked for a quote',
  quoted: 'Sent prices',
  asked_again: 'Asked again',
  declined: 'Declined',
  accepted: 'Accepted',
  message: null,
};

/** Who wrote it, as the dealer reads it. */
export const sideLabel = (side: QuoteThreadMessage['side']) => (side === 'dealer' ? 'Your company' : 'The shop');
