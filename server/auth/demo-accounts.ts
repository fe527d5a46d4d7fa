// Local mode: makes sure the demo admin and customer exist in the Auth emulator and in our database, the
// customer approved as a dealer.

import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { Db } from '../db/client';
import { demoAccounts } from '../db/seed-data';
import { trustUser, upsertOnSignIn } from '../repositories/users';

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
  return demoAccounts;
}
