// Local mode: makes sure the demo admin, customer, sales rep and trade dealer exist in the Auth emulator and in
// our database, the customers approved as dealers, the rep ordering for the customer's company and the trade
// dealer's company paying on account.

import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { Db } from '../db/client';
import { demoAccounts, demoTradeCompany } from '../db/seed-data';
import { findCompany, findMembership, updateCompany } from '../repositories/companies';
import { setAccountTerms } from '../repositories/company-account';
import { assignRep, makeRep } from '../repositories/sales-reps';
import { findUserByEmail, trustUser, upsertOnSignIn } from '../repositories/users';

/**
 * Names the trade dealer's company and puts it on account (docs/decisions/044-orders-on-account.md), once: while
 * the company still has the name it was made with, so what an admin changes later stays.
 */
async function giveTradeTerms(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await findMembership(tx, userId);
    const company = membership ? await findCompany(tx, membership.companyId) : null;
    if (!membership || !company || company.name === demoTradeCompany.name) return;
    await updateCompany(tx, membership.companyId, { name: demoTradeCompany.name, country: demoTradeCompany.country });
    await setAccountTerms(tx, membership.companyId, demoTradeCompany.terms);
  });
}

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
    if (row && role === 'trade') await giveTradeTerms(db, row.id);
  }
  await db.transaction(async (tx) => {
    await makeRep(tx, demoAccounts.rep.email);
    const [dealer, rep] = await Promise.all([findUserByEmail(tx, demoAccounts.customer.email), findUserByEmail(tx, demoAccounts.rep.email)]);
    const company = dealer ? await findMembership(tx, dealer.id) : null;
    if (company && rep) await assignRep(tx, company.companyId, rep.id);
  });
  return demoAccounts;
}
