// What the dealer's price-list route takes and answers (server/routes/dealer-prices.ts).

import * as v from 'valibot';
import { DealerPriceListAnswerSchema } from '../../src/contract/dealer-price-list';
import { IdSchema } from '../../src/contract/fields';
import { routeSchema } from '../lib/route-schema';

export const dealerPriceSchemas = {
  priceList: routeSchema({
    summary: 'The company’s price list',
    description:
      'What the company pays instead of the list price: the list’s currency, its rate from US dollars in millionths, its percentage ' +
      'off in basis points, and per tool a fixed price in minor units or a percentage off, with tiers of its own. Without `after` ' +
      'every entry (`complete`); with `after`, the version the app holds, only the entries written since and the tools removed. ' +
      '`priceList` is null for a company buying at the list price and for an account without a company. A member reads its own ' +
      'company’s; a sales rep names one of its companies with `companyId`.',
    tag: 'On account',
    access: 'signedIn',
    query: v.object({ companyId: v.optional(IdSchema), after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/u))) }),
    answers: { 200: DealerPriceListAnswerSchema },
    refusals: { 400: '`after` is not a whole number.', 404: 'The company is not the member’s own, or not one the rep orders for.' },
  }),
};
