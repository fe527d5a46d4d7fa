// Local mode: makes sure the demo admin, customer and sales rep exist in the Auth emulator and in our
// database, the customer approved as a dealer and the rep ordering for the customer's company.

import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { Db } from '../db/client';
import { demoAccounts } from '../db/seed-data';
import { findMembership } from '../repositories/companies';
import { assignRep, makeRep } from '../repositories/sales-reps';
import { findUserByEmail, trustUser, upsertOnSignIn } from '../repositories/users';

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
  }
  await db.transaction(async (tx) => {
    await makeRep(tx, demoAccounts.rep.email);
    const [dealer, rep] = await Promise.all([findUserByEmail(tx, demoAccounts.customer.email), findUserByEmail(tx, demoAccounts.rep.email)]);
    const company = dealer ? await findMembership(tx, dealer.id) : null;
    if (company && rep) await assignRep(tx, company.companyId, rep.id);
  });
  return demoAccounts;
}
