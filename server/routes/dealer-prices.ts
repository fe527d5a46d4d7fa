// A dealer's own price list (docs/decisions/045-price-lists-and-money.md): what its app prices the cards, the
// purchase page and the order pad with, online and offline, and sends back with each order. The company is
// found as for its account (./orders-on-account.ts): a member's own, or one a sales rep orders for.

import type { FastifyPluginAsync } from 'fastify';
import { DealerPriceListQuerySchema, type DealerPriceListAnswer } from '../../src/contract/dealer-price-list';
import { IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import { notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { findMembership } from '../repositories/companies';
import { findDealerPriceList } from '../repositories/dealer-price-list';
import { isRepOf } from '../repositories/sales-reps';
import { dealerPriceSchemas as schemas } from '../schemas/dealer-prices';

const dealerPrices: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get('/company/price-list', { preHandler: app.guards.signedIn, schema: schemas.priceList }, async (request, reply): Promise<DealerPriceListAnswer> => {
    const user = currentUser(request);
    const query = parseBody(DealerPriceListQuerySchema, request.query);
    const asked = query.companyId === undefined ? undefined : parseParam(IdSchema, query.companyId, 'That company');
    void reply.header('cache-control', 'no-store');
    // A rep names one of its companies; a member reads its own. Naming any other company is answered as missing.
    let companyId: string | null;
    if (user.role === 'rep') {
      if (asked === undefined) return { priceList: null };
      companyId = (await isRepOf(db, user.id, asked)) ? asked : null;
    } else {
      companyId = (await findMembership(db, user.id))?.companyId ?? null;
      if (companyId === null && asked === undefined) return { priceList: null };
    }
    if (companyId === null || (asked !== undefined && asked !== companyId)) throw notFound('That company');
    return { priceList: await findDealerPriceList(db, companyId, query.after) };
  });
};
export default dealerPrices;
