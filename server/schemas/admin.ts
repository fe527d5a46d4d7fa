// What the admins' reports, mail queue and live orders stream answer (server/routes/reports.ts, mail.ts,
// order-events.ts), and the invoice download (server/routes/invoices.ts).

import { MailFailuresSchema } from '../../src/contract/mail';
import { AdminOrdersQuerySchema } from '../../src/contract/order';
import { SalesSummarySchema } from '../../src/contract/reports';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

export const salesSchema = routeSchema({
  summary: 'Sales at a glance',
  description: 'Paid orders waiting to ship, revenue today and over the last 7 and 30 days, every day of the last 30, and the tools sold most.',
  tag: 'Admin',
  access: 'admin',
  answers: { 200: SalesSummarySchema },
});

export const exportSchema = routeSchema({
  summary: 'Every order matching a filter, as CSV',
  description: 'The Manage Orders filter (`status`, `q`) without paging; UTF-8 with a BOM, at most 50,000 rows.',
  tag: 'Orders',
  access: 'admin',
  query: AdminOrdersQuerySchema,
  answers: { 200: { media: 'text/csv', description: 'The orders, one a row.' } },
});

export const mailFailuresSchema = routeSchema({
  summary: 'E-mails that could not be sent',
  description: 'Given up, or waiting for their next try, with the mail server’s reason; newest first.',
  tag: 'Admin',
  access: 'admin',
  answers: { 200: MailFailuresSchema },
});

export const orderEventsSchema = routeSchema({
  summary: 'Orders as they change, live',
  description:
    'Server-sent events: `ready` first with `{paidWaiting}`, then `order` with `{id, status, kind, paidWaiting}` for each order placed, ' +
    'paid, shipped or deleted, and `resync` (`{paidWaiting}`) when changes may have been missed. A heartbeat comment keeps it open.',
  tag: 'Orders',
  access: 'admin',
  answers: { 200: { media: 'text/event-stream', description: 'The stream of events.' } },
});

export const dealerOrderEventsSchema = routeSchema({
  summary: 'My orders as they change, live',
  description:
    'Server-sent events for a dealer’s or a rep’s open My Orders: `ready` first, then `order` with `{id, status, kind}` for each change to an order the ' +
    'account sees (the orders it placed, its company’s when it is the company admin or a buyer who sees all, its companies’ for a rep), and `resync` ' +
    'when changes may have been missed. Nothing of anyone else’s orders, and no count of the shop’s. A heartbeat comment keeps it open.',
  tag: 'Orders',
  access: 'signedIn',
  answers: { 200: { media: 'text/event-stream', description: 'The stream of events.' } },
  refusals: { 403: 'Admins follow every order on `GET /api/orders/events`.' },
});

export const invoiceSchema = routeSchema({
  summary: 'The invoice of a paid order, or of a shipped order on account',
  description:
    'A PDF. A card order’s invoice and a paid invoice on account are made once when first asked for and kept; an unpaid one on account ' +
    'is drawn for each download. The ETag spares a client that has it the download.',
  tag: 'Orders',
  access: 'signedIn',
  params: IdParams,
  answers: { 200: { media: 'application/pdf', description: 'The invoice.' }, 304: { empty: true, description: 'Not modified.' } },
  refusals: {
    409: 'The order has no invoice yet: a card order is not paid, or an order on account is not shipped.',
    429: 'Many invoices downloaded by this account in the last minute.',
  },
});
