// Data access for the shop's settings: one row, made by migration 0018 (docs/decisions/040-dealer-companies.md).

import { eq, sql } from 'drizzle-orm';
import type { ShopSettings } from '../../src/contract/company-admin';
import type { NewCustomers } from '../../src/contract/config';
import type { Tx } from '../db/client';
import { shopSettings } from '../db/schema';

/** The settings as they are; the defaults if the row were ever missing. */
export async function getShopSettings(tx: Tx): Promise<ShopSettings> {
  const [row] = await tx.select({ newCustomers: shopSettings.newCustomers }).from(shopSettings).where(eq(shopSettings.id, true)).limit(1);
  return { newCustomers: row?.newCustomers ?? 'order_at_once' };
}

/** The settings locked until the transaction ends, so two admins changing them are made one after the other. */
export async function lockShopSettings(tx: Tx): Promise<ShopSettings> {
  const [row] = await tx.select({ newCustomers: shopSettings.newCustomers }).from(shopSettings).where(eq(shopSettings.id, true)).for('update');
  return { newCustomers: row?.newCustomers ?? 'order_at_once' };
}

export async function setNewCustomers(tx: Tx, newCustomers: NewCustomers): Promise<ShopSettings> {
  const [row] = await tx
    .insert(shopSettings)
    .values({ id: true, newCustomers })
    .onConflictDoUpdate({ target: shopSettings.id, set: { newCustomers, updatedAt: sql`now()` } })
    .returning({ newCustomers: shopSettings.newCustomers });
  return { newCustomers: row?.newCustomers ?? newCustomers };
}
