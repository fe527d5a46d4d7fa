// A search of orders as the query asks it (calendar days in the asker's time zone) made into what the
// repository searches by (instants): a dealer who asks for the orders placed on 26 November means their own
// 26 November, which starts at a different moment in Berlin than in Chicago.

import type { AdminOrdersQuery, MyOrdersQuery } from '../../src/contract/order';
import type { OrderSearch } from '../repositories/orders';

/** How far the wall clock in `timeZone` is ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (`YYYY-MM-DD`, already checked) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  // Guessed with the offset at UTC midnight, then corrected once with the offset at the guess, for a
  // clock change between the two.
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** The day after a calendar day, as `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * The repository's search for a query: a dealer's (My Orders, with who placed it and the location for a
 * company's view) or the admins' (`customer`: also the customer's name and e-mail, and part of the
 * company's or the location's name).
 */
export function orderSearchOf(query: MyOrdersQuery | AdminOrdersQuery, customer = false): OrderSearch {
  const timeZone = query.tz ?? 'UTC';
  return {
    status: query.status,
    q: query.q,
    placedFrom: query.from ? startOfDay(query.from, timeZone) : undefined,
    placedBefore: query.to ? startOfDay(nextDay(query.to), timeZone) : undefined,
    customer,
    placedBy: 'placedBy' in query ? query.placedBy : undefined,
    locationId: 'locationId' in query ? query.locationId : undefined,
    companyId: 'companyId' in query ? query.companyId : undefined,
    companyName: 'company' in query && query.company ? query.company : undefined,
    locationName: 'location' in query && query.location ? query.location : undefined,
  };
}
