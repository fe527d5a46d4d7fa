// Local mode: makes sure the demo admin, customer, sales rep, trade dealer and euro dealer exist in the Auth
// emulator and in our database, the customers approved as dealers, the rep ordering for the customer's company,
// and the trade and euro dealers' companies paying on account, the euro dealer's on its price list, shipping to
// its warehouse in Cologne with the German VAT rate.

import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import { priceLists } from '../db/schema';
import { demoAccounts, demoEuroCompany, demoTradeCompany, type DemoCompany } from '../db/seed-data';
import { addLocation, findCompany, findMembership, updateCompany } from '../repositories/companies';
import { setAccountTerms } from '../repositories/company-account';
import { insertPriceList, setCompanyPriceList } from '../repositories/price-lists';
import { assignRep, makeRep } from '../repositories/sales-reps';
import { createTaxRate } from '../repositories/tax-rates';
import { findUserByEmail, trustUser, upsertOnSignIn } from '../repositories/users';

/**
 * Names a demo dealer's company, puts it on account (docs/decisions/044-orders-on-account.md) and gives it its
 * price list, made if no list has that name (docs/decisions/045), once: while the company still has the name it
 * was made with, so what an admin changes later stays.
 */
async function giveCompanyTerms(db: Db, userId: string, demo: DemoCompany): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await findMembership(tx, userId);
    const company = membership ? await findCompany(tx, membership.companyId) : null;
    if (!membership || !company || company.name === demo.name) return;
    await updateCompany(tx, membership.companyId, { name: demo.name, country: demo.country, ...(demo.taxNumber ? { taxNumber: demo.taxNumber } : {}) });
    if (demo.location) await addLocation(tx, membership.companyId, demo.location);
    // The place's rate, unless an admin has set one for it already.
    if (demo.taxRate) await createTaxRate(tx, demo.taxRate);
    await setAccountTerms(tx, membership.companyId, demo.terms);
    if (demo.priceList) {
      const list =
        (await insertPriceList(tx, demo.priceList)) ?? (await tx.select().from(priceLists).where(eq(priceLists.name, demo.priceList.name)).limit(1))[0] ?? null;
      if (list) await setCompanyPriceList(tx, membership.companyId, list.id);
    }
  });
}

const DEMO_COMPANIES: Partial<Record<keyof typeof demoAccounts, DemoCompany>> = { trade: demoTradeCompany, euro: demoEuroCompany };

export async function ensureDemoAccounts(db: Db, firebase: FirebaseConfig): Promise<typeof demoAccounts> {
  if (firebase.mode !== 'emulator') throw new Error('Demo accounts are created in local mode only.');
  const app = getApps().find((a) => a.name === `forgeline-${firebase.projectId}`);
  if (!app) throw new Error('The identity provider must be set up before the demo accounts.');
  const auth = getAuth(app);
  for (const [role, account] of Object.entries(demoAccounts)) {
    const existing = await auth.getUserByEmail(account.email).catch(() => null);
    const user =
      existing ?? (await auth.createUser({ email: account.email, password: account.password, displayName: account.displayName, emailVerified: true }));
    const row = await upsertOnSignIn(db, {
      email: account.email,
      firebaseUid: user.uid,
      displayName: account.displayName,
      emailVerified: true,
      promote: role === 'admin',
    });
    // The demo dealer is an approved dealer: its orders hold stock as an established dealer's do (decision 027).
    if (row && role !== 'admin') await trustUser(db, row.id);
    const demoCompany = DEMO_COMPANIES[role as keyof typeof demoAccounts];
    if (row && demoCompany) await giveCompanyTerms(db, row.id, demoCompany);
  }
  await db.transaction(async (tx) => {
    await makeRep(tx, demoAccounts.rep.email);
    const [dealer, rep] = await Promise.all([findUserByEmail(tx, demoAccounts.customer.email), findUserByEmail(tx, demoAccounts.rep.email)]);
    const company = dealer ? await findMembership(tx, dealer.id) : null;
    if (company && rep) await assignRep(tx, company.companyId, rep.id);
  });
  return demoAccounts;
}
