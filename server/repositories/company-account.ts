// A company's account with the shop (docs/decisions/044-orders-on-account.md): its payment terms, credit
// limit and purchase-order rule, and what its orders on account owe. What is outstanding is summed from the
// orders each time (the partial index orders_account_open_idx holds only the unpaid ones), so it can never
// drift from them; placing an order on account locks the company's row first, so two buyers of one company
// ordering at once are counted one after the other.

import { eq, sql } from 'drizzle-orm';
import type { AccountStanding, AccountTerms } from '../../src/contract/account-terms';
import { isCurrency, LIST_CURRENCY, type CurrencyCode } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { companies, priceLists } from '../db/schema';

/** Locks the company's row until the transaction ends: the credit check of one order at a time. */
export async function lockCompanyAccount(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select 1 from companies where id = ${companyId}::uuid for update`);
}

/** The company's terms as they are now; null for a missing company. */
export async function findAccountTerms(tx: Tx, companyId: string): Promise<AccountTerms | null> {
  const [row] = await tx
    .select({
      paymentTerms: companies.paymentTerms,
      creditLimit: companies.creditLimit,
      poRequired: companies.poRequired,
      depositPercent: companies.depositPercent,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ? { paymentTerms: row.paymentTerms, creditLimit: Number(row.creditLimit), poRequired: row.poRequired, depositPercent: row.depositPercent } : null;
}

/**
 * The company's terms and what it owes now, in minor units of its currency (its price list's; its orders on
 * account are all in it, docs/decisions/045): its orders on account confirmed or shipped and not yet
 * paid (On hold and Refused ones owe nothing), each less its deposit, which is paid by card before it ships
 * (docs/decisions/047), those past their due date, and the credit left. Read in a
 * statement of its own, after lockCompanyAccount, so it sees every order committed before the lock was granted.
 */
export async function findAccountStanding(tx: Tx, companyId: string): Promise<AccountStanding | null> {
  const terms = await findAccountTerms(tx, companyId);
  if (!terms) return null;
  const currency = await companyCurrency(tx, companyId);
  const [row] = await rowsOf<{ outstanding: string | number | null; overdue: string | number | null }>(
    tx,
    sql`select coalesce(sum(total_minor - deposit_minor), 0) as outstanding,
               coalesce(sum(total_minor - deposit_minor) filter (where due_at < now()), 0) as overdue
          from orders
         where company_id = ${companyId}::uuid and payment_terms <> 'card' and paid_at is null and status in ('Confirmed', 'Shipped')`,
  );
  const outstanding = Number(row?.outstanding ?? 0);
  const overdue = Number(row?.overdue ?? 0);
  const taxExempt = (await findTaxExemption(tx, companyId))?.taxExempt ?? false;
  return { ...terms, currency, outstanding, overdue, available: Math.max(0, terms.creditLimit - outstanding), taxExempt };
}

/** The currency the company buys, owes and is given credit in: its price list's, US dollars without one. */
export async function companyCurrency(tx: Tx, companyId: string): Promise<CurrencyCode> {
  const [row] = await tx
    .select({ currency: priceLists.currency })
    .from(companies)
    .innerJoin(priceLists, eq(priceLists.id, companies.priceListId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row && isCurrency(row.currency) ? row.currency : LIST_CURRENCY;
}

/** Sets the company's terms; false when there is no such company. */
export async function setAccountTerms(tx: Tx, companyId: string, terms: AccountTerms): Promise<boolean> {
  const rows = await tx
    .update(companies)
    .set({
      paymentTerms: terms.paymentTerms,
      creditLimit: terms.creditLimit,
      poRequired: terms.poRequired,
      ...(terms.depositPercent === undefined ? {} : { depositPercent: terms.depositPercent }),
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Whether the company is exempt under the reverse charge, and the tax number the exemption stands on; null for a missing company. */
export async function findTaxExemption(tx: Tx, companyId: string): Promise<{ taxExempt: boolean; taxNumber: string | null } | null> {
  const [row] = await tx.select({ taxExempt: companies.taxExempt, taxNumber: companies.taxNumber }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

/** Sets the exemption; the database refuses it for a company without a tax number (companies_tax_exempt_check). */
export async function setTaxExempt(tx: Tx, companyId: string, taxExempt: boolean): Promise<void> {
  await tx
    .update(companies)
    .set({ taxExempt, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}
