// The shop's tax rates per ship-to country or region (docs/decisions/046-tax-per-ship-to-location.md): the
// admins' list, and the terms an order to one place is taxed on. A country's rate applies to all of it; a
// region's rate, where one is set, to that region.

import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { taxRates } from '../db/schema';
import { MAX_TAX_RATES, NO_TAX, resolveTaxRate, type TaxRate, type TaxRateFields, type TaxTerms } from '../../src/contract/tax';

type TaxRateRow = typeof taxRates.$inferSelect;

function toTaxRate(row: TaxRateRow): TaxRate {
  return { id: row.id, country: row.country, region: row.region, name: row.name, rateMicros: row.rateMicros, updatedAt: row.updatedAt.toISOString() };
}

/** Every rate, by country, the whole country's first. */
export async function listTaxRates(tx: Tx): Promise<TaxRate[]> {
  const rows = await tx.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
  return rows.map(toTaxRate);
}

/** The rate with its row locked until the transaction ends; null when there is none with that id. */
export async function lockTaxRate(tx: Tx, id: string): Promise<TaxRate | null> {
  const [row] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
  return row ? toTaxRate(row) : null;
}

/** Whether a write failed on the unique index of the place: another admin took it between the check and the write. */
export function isTaxRatePlaceConflict(error: unknown): boolean {
  const pg = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return pg.code === '23505' && pg.constraint === 'tax_rates_place_key';
}

export type TaxRateWrite = { kind: 'ok'; rate: TaxRate } | { kind: 'duplicate' } | { kind: 'too_many' } | { kind: 'not_found' };

async function placeTaken(tx: Tx, fields: TaxRateFields, exceptId?: string): Promise<boolean> {
  const same = and(eq(taxRates.country, fields.country), eq(taxRates.region, fields.region), exceptId ? ne(taxRates.id, exceptId) : undefined);
  const [row] = await tx.select({ id: taxRates.id }).from(taxRates).where(same).limit(1);
  return row !== undefined;
}

/** Adds a rate for a place that has none; the unique index settles two admins adding the same place at once. */
export async function createTaxRate(tx: Tx, fields: TaxRateFields): Promise<TaxRateWrite> {
  const [counted] = await tx.select({ n: count() }).from(taxRates);
  if (Number(counted?.n ?? 0) >= MAX_TAX_RATES) return { kind: 'too_many' };
  if (await placeTaken(tx, fields)) return { kind: 'duplicate' };
  const [row] = await tx
    .insert(taxRates)
    .values({ country: fields.country, region: fields.region, name: fields.name, rateMicros: fields.rate })
    .onConflictDoNothing()
    .returning();
  return row ? { kind: 'ok', rate: toTaxRate(row) } : { kind: 'duplicate' };
}

export async function updateTaxRate(tx: Tx, id: string, fields: TaxRateFields): Promise<TaxRateWrite> {
  if (await placeTaken(tx, fields, id)) return { kind: 'duplicate' };
  const [row] = await tx
    .update(taxRates)
    .set({ country: fields.country, region: fields.region, name: fields.name, rateMicros: fields.rate, updatedAt: new Date() })
    .where(eq(taxRates.id, id))
    .returning();
  return row ? { kind: 'ok', rate: toTaxRate(row) } : { kind: 'not_found' };
}

/** The rate as it was, or null when there was none with that id. */
export async function deleteTaxRate(tx: Tx, id: string): Promise<TaxRate | null> {
  const [row] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
  return row ? toTaxRate(row) : null;
}

/** The rates of these countries, to resolve several places with one query. */
export async function taxRatesOf(tx: Tx, countries: readonly string[]): Promise<TaxRate[]> {
  const unique = [...new Set(countries)];
  if (unique.length === 0) return [];
  const rows = await tx.select().from(taxRates).where(inArray(taxRates.country, unique));
  return rows.map(toTaxRate);
}

/** The terms of a place among `rates`: its rate and name, or the reverse charge for an exempt company. */
export function taxTermsAmong(rates: readonly TaxRate[], place: { country: string; region: string }, taxExempt: boolean): TaxTerms {
  if (taxExempt) return { ...NO_TAX, reverseCharge: true };
  const rate = resolveTaxRate(rates, place.country, place.region);
  return rate ? { rateMicros: rate.rateMicros, name: rate.name, reverseCharge: false } : NO_TAX;
}

/** The terms an order shipped to `place` is taxed on now. */
export async function taxTermsFor(tx: Tx, place: { country: string; region: string }, taxExempt: boolean): Promise<TaxTerms> {
  return taxTermsAmong(taxExempt ? [] : await taxRatesOf(tx, [place.country]), place, taxExempt);
}
