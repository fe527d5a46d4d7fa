// The orders export's rows (GET /api/orders/export): the contract's columns, then those of paying on account
// (docs/decisions/044-orders-on-account.md), of the order's own currency, of its tax and of its deposit, each appended so a spreadsheet
// reading the earlier columns by position still reads them.

import { termsLabel } from '../../src/contract/account-terms';
import { toMajor } from '../../src/contract/money';
import { inListCents } from '../../src/contract/price-list';
import { ORDER_EXPORT_COLUMNS } from '../../src/contract/reports';
import type { ExportRow } from '../repositories/reports';

/** The dealer's PO number, how the order is paid (`Card`, `Net 30`), when its invoice on account is due, and when it was paid. */
export const ACCOUNT_EXPORT_COLUMNS = ['PO number', 'Payment terms', 'Due (UTC)', 'Paid (UTC)'] as const;

/**
 * The order's total in its own currency, and that currency (docs/decisions/045-price-lists-and-money.md);
 * `Total (USD)` holds it in US dollars at its price list's rate, the same figure for an order at list price.
 */
export const CURRENCY_EXPORT_COLUMNS = ['Total', 'Currency'] as const;

/**
 * The order's net and the tax in its total, in the same currency (docs/decisions/046-tax-per-ship-to-location.md):
 * Total is the gross, Net + Tax adds up to it, and a spreadsheet can sum each column. An order with no tax
 * (or under the reverse charge) has its total as its net and 0 as its tax.
 */
export const TAX_EXPORT_COLUMNS = ['Net', 'Tax'] as const;

/** An order on account's deposit, part of its Total, and when it was paid (docs/decisions/047-deposits-on-account.md); 0 and empty for none. */
export const DEPOSIT_EXPORT_COLUMNS = ['Deposit', 'Deposit paid (UTC)'] as const;

export const ORDER_EXPORT_HEADER = [
  ...ORDER_EXPORT_COLUMNS,
  ...ACCOUNT_EXPORT_COLUMNS,
  ...CURRENCY_EXPORT_COLUMNS,
  ...TAX_EXPORT_COLUMNS,
  ...DEPOSIT_EXPORT_COLUMNS,
] as const;

/** A moment as `2026-11-27 10:15`, in UTC. */
const minute = (date: Date | null) => (date ? date.toISOString().slice(0, 16).replace('T', ' ') : null);
/** A due date as invoices print it: `2026-12-27`, in UTC. */
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export function orderExportRow(r: ExportRow): (string | number | null)[] {
  return [
    r.number,
    minute(r.createdAt),
    r.userName,
    r.userEmail,
    r.userAddress,
    r.userPhone,
    r.tools,
    r.pieces,
    toMajor(inListCents(r.totalMinor, r.currency, r.rateMicros), 'USD'),
    r.status,
    r.transactionId,
    minute(r.shippedAt),
    r.carrier,
    r.trackingNumber,
    r.id,
    r.poNumber,
    r.paymentTerms === 'card' ? 'Card' : termsLabel(r.paymentTerms),
    day(r.dueAt),
    minute(r.paidAt),
    toMajor(r.totalMinor, r.currency),
    r.currency,
    toMajor(r.totalMinor - r.taxMinor, r.currency),
    toMajor(r.taxMinor, r.currency),
    toMajor(r.depositMinor, r.currency),
    minute(r.depositPaidAt),
  ];
}
