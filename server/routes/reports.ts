// Admin reports: sales at a glance and the Manage Orders list as CSV.

import type { FastifyPluginAsync } from 'fastify';
import { AdminOrdersQuerySchema } from '../../src/contract/order';
import { orderSearchOf } from '../lib/order-search';
import { parseBody } from '../lib/validate';
import { csvDocument } from '../reports/csv';
import { ORDER_EXPORT_HEADER, orderExportRow } from '../reports/order-export';
import { ordersForExport, salesSummary } from '../repositories/reports';
import { exportSchema, salesSchema } from '../schemas/admin';

/** More than a spreadsheet is pleasant to open; a larger export is narrowed with the filter first. */
const EXPORT_MAX_ROWS = 50_000;

const reports: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get('/admin/sales', { preHandler: app.guards.admin, schema: salesSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return salesSummary(db, new Date());
  });

  // The same search as Manage Orders (status, q, days placed), every matching order rather than one page,
  // with each order's PO number, payment terms, due date and payment (server/reports/order-export.ts).
  app.get('/orders/export', { preHandler: app.guards.admin, schema: exportSchema }, async (request, reply) => {
    const query = parseBody(AdminOrdersQuerySchema, request.query as Record<string, unknown>);
    const rows = await ordersForExport(db, orderSearchOf(query, true), EXPORT_MAX_ROWS);
    const body = csvDocument(ORDER_EXPORT_HEADER, rows.map(orderExportRow));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="forgeline-orders-${day}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(body);
  });
};
export default reports;
