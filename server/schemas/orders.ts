// What the order routes take and answer (server/routes/orders.ts).

import * as v from 'valibot';
import { ERROR_CODES } from '../../src/contract/errors';
import {
  AdminOrdersQuerySchema,
  OrderBodySchema,
  OneToolOrderBodySchema,
  DeletedCountSchema,
  PlacedOrderSchema,
  ModifiedCountSchema,
  MyOrdersQuerySchema,
  OrderConflictDetailsSchema,
  OrderListSchema,
  OrderPageSchema,
  OrderSchema,
  ShipOrderBodySchema,
} from '../../src/contract/order';
import { routeSchema } from '../lib/route-schema';
import { EmailParams, IdParams } from './params';

/** A 409 of POST /api/orders: the error shape, with the product (one-tool orders) or every failing line. */
const OrderConflictSchema = v.object({
  error: v.object({ code: v.picklist(ERROR_CODES), message: v.string(), details: v.optional(OrderConflictDetailsSchema) }),
});

const onlyUnpaid = 'Only unpaid orders can be deleted.';

export const orderSchemas = {
  create: routeSchema({
    summary: 'Place an order',
    description:
      'A one-tool order (`productId`, `orderQuantity`) or an order of many tools (`lines`), to one address, paid once. The server ' +
      'prices every line with the company’s price list (the list price in US dollars without one). `totalPrice` and each `unitPrice`, ' +
      'in whole dollars, when sent, must be what it computes. Each `unitPriceMinor`, in minor units of `currency`, is the price the ' +
      'dealer saw: a price now at or below it is applied, a higher one (or another currency) refuses the line with `price_changed`, ' +
      '`seenPriceMinor` and `priceMinor`. The order records the list’s version it was priced at. Sending the same `clientOrderId` ' +
      'again places nothing and answers the first order’s id, so a retry is safe. `poNumber` is the dealer’s purchase-order number ' +
      '(required where its company says so); `payment` is `card` or `account` (left out: on account where the company has payment ' +
      'terms). The answer’s `status` is `Unpaid` for an order to pay by card, `Confirmed` or `On hold` (with `statusReason`) on account.',
    tag: 'Orders',
    access: 'orderer',
    body: v.union([OneToolOrderBodySchema, OrderBodySchema]),
    answers: {
      201: { schema: PlacedOrderSchema, description: 'The order was placed: its id, and for an order of `lines` its number.' },
      200: { schema: PlacedOrderSchema, description: 'An order with this `clientOrderId` was placed before: its id (and number).' },
      409: {
        schema: OrderConflictSchema,
        description:
          'A line cannot be ordered as sent (its price changed, not enough stock, below the minimum, above the maximum, not whole packs, ' +
          'or too many unpaid orders): `details` carries the tool as it is now or every failing line.',
      },
    },
    refusals: { 429: 'Too many orders from this account in a minute.' },
  }),
  byEmail: routeSchema({
    summary: 'One’s own orders',
    description:
      'Newest first. `q` finds the order number or a tool’s name or SKU on any line; `status`; `from` and `to` are the first and ' +
      'last day placed (`YYYY-MM-DD`, both included) in the time zone `tz` (IANA name, UTC by default).',
    tag: 'Orders',
    access: 'signedIn',
    params: EmailParams,
    query: MyOrdersQuerySchema,
    answers: { 200: OrderListSchema },
    refusals: { 403: 'Only the account itself sees its orders.' },
  }),
  one: routeSchema({ summary: 'One order', tag: 'Orders', access: 'signedIn', params: IdParams, answers: { 200: OrderSchema } }),
  remove: routeSchema({
    summary: 'Delete one’s own unpaid order',
    description: 'Its stock goes back on sale.',
    tag: 'Orders',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 409: onlyUnpaid },
  }),
  list: routeSchema({
    summary: 'Every order, a page at a time',
    description:
      'Newest first. `q` finds the order number, the customer’s name or e-mail, or a tool’s name or SKU on any line; `status`; ' +
      '`from` and `to` are the first and last day placed (`YYYY-MM-DD`, both included) in the time zone `tz` (UTC by default).',
    tag: 'Orders',
    access: 'admin',
    query: AdminOrdersQuerySchema,
    answers: { 200: OrderPageSchema },
  }),
  ship: routeSchema({
    summary: 'Ship a paid order, or one confirmed on account',
    description:
      'Without a body, or with the carrier and the tracking number, both optional. The dealer’s shipping mail waits until the ' +
      'shipping can no longer be undone. Shipping an order on account issues its invoice, due after its terms’ days.',
    tag: 'Orders',
    access: 'admin',
    params: IdParams,
    body: ShipOrderBodySchema,
    answers: { 200: ModifiedCountSchema },
    refusals: { 409: 'Only paid orders and orders confirmed on account can be shipped.' },
  }),
  undoShip: routeSchema({
    summary: 'Undo shipping an order',
    description:
      'Within one minute of shipping it: the order is Paid (on account: Confirmed, keeping its invoice number) again, without carrier ' +
      'and tracking number, and the dealer gets no shipping mail.',
    tag: 'Orders',
    access: 'admin',
    params: IdParams,
    answers: { 200: ModifiedCountSchema },
    refusals: { 409: 'The order is not shipped, or it was shipped more than a minute ago.' },
  }),
  removeAny: routeSchema({
    summary: 'Delete any unpaid order',
    description: 'Its stock goes back on sale.',
    tag: 'Orders',
    access: 'admin',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 409: onlyUnpaid },
  }),
};
