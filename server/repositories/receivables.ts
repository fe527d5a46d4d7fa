// Receivables: the unpaid invoices of orders on account, grouped by company and aged by their due date
// (docs/decisions/044-orders-on-account.md). An invoice is receivable from the day its order ships until it
// is paid, overdue or not; an order on hold or confirmed has no invoice yet and owes nothing here.

import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { ageBucket } from '../../src/contract/account-terms';
import { inListCents } from '../../src/contract/price-list';
import { noAgedAmounts, type CompanyReceivables, type OpenInvoice, type Receivables } from '../../src/contract/receivables';
import type { Tx } from '../db/client';
import { companies, orders } from '../db/schema';
import { currencyOf, invoiceNoOf } from './orders';

const DAY_MS = 86_400_000;

/** Every company's unpaid invoices on account as they stand at `now`, the company with the oldest due date first. */
export async function listReceivables(tx: Tx, now: Date): Promise<Receivables> {
  const rows = await tx
    .select({
      id: orders.id,
      number: orders.number,
      invoiceYear: orders.invoiceYear,
      invoiceSeq: orders.invoiceSeq,
      poNumber: orders.poNumber,
      totalMinor: orders.totalMinor,
      depositMinor: orders.depositMinor,
      currency: orders.currency,
      rateMicros: orders.rateMicros,
      dueAt: orders.dueAt,
      companyId: orders.companyId,
      orderCompanyName: orders.companyName,
      companyName: companies.name,
      companyTerms: companies.paymentTerms,
    })
    .from(orders)
    .leftJoin(companies, eq(companies.id, orders.companyId))
    // The partial index orders_account_open_idx holds exactly the unpaid orders on account.
    .where(and(ne(orders.paymentTerms, 'card'), isNull(orders.paidAt), eq(orders.status, 'Shipped')))
    .orderBy(asc(orders.dueAt), asc(orders.number));

  const byCompany = new Map<string, CompanyReceivables>();
  const totals = noAgedAmounts();
  for (const row of rows) {
    // A shipped order on account always has its due date and invoice number (the table's checks say so).
    const invoiceNo = invoiceNoOf(row);
    if (!row.dueAt || !invoiceNo) continue;
    const bucket = ageBucket(row.dueAt, now);
    const invoice: OpenInvoice = {
      orderId: row.id,
      number: row.number,
      invoiceNo,
      poNumber: row.poNumber,
      // What the invoice asks for: the gross less the deposit paid before it shipped (docs/decisions/047).
      total: row.totalMinor - row.depositMinor,
      currency: currencyOf(row),
      dueAt: row.dueAt.toISOString(),
      daysOverdue: Math.max(0, Math.floor((now.getTime() - row.dueAt.getTime()) / DAY_MS)),
      bucket,
    };
    // Invoices of a company deleted since are kept together under the name their orders kept; a company's
    // invoices in another currency (none while any is open: its price list cannot change currency) apart.
    const name = row.companyName ?? row.orderCompanyName ?? 'No company';
    const key = `${row.companyId ?? `deleted:${name}`}:${invoice.currency}`;
    let company = byCompany.get(key);
    if (!company) {
      company = {
        companyId: row.companyId,
        companyName: name,
        paymentTerms: row.companyTerms,
        currency: invoice.currency,
        aged: noAgedAmounts(),
        total: 0,
        oldestDueAt: invoice.dueAt,
        invoices: [],
      };
      byCompany.set(key, company);
    }
    company.invoices.push(invoice);
    company.aged[bucket] += invoice.total;
    company.total += invoice.total;
    totals[bucket] += inListCents(invoice.total, invoice.currency, row.rateMicros);
  }

  // Rows come oldest due date first, so each company's first invoice is its oldest and the map's order is the companies'.
  const list = [...byCompany.values()];
  const total = totals.current + totals['1-30'] + totals['31-60'] + totals['over-60'];
  return { asOf: now.toISOString(), companies: list, aged: totals, total };
}
