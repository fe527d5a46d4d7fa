// Users for tests that run the server as a separate process in project mode, where no Firebase ID
// token can be verified: the user row is written with the repository and the access token is signed
// with the server's ACCESS_TOKEN_SECRET, which is exactly what the server checks on every request.

import { randomUUID } from 'node:crypto';
import { tokenService } from '../../server/auth/tokens';
import type { Tx } from '../../server/db/client';
import { trustUser, upsertOnSignIn } from '../../server/repositories/users';

export interface MintedUser {
  id: string;
  email: string;
  displayName: string;
  token: string;
  auth: { authorization: string };
}

export async function mintUser(
  db: Tx,
  secret: string,
  options: { admin?: boolean; email?: string; displayName?: string; trusted?: boolean } = {},
): Promise<MintedUser> {
  const email = options.email ?? `${options.admin ? 'admin' : 'dealer'}-${randomUUID().slice(0, 12)}@example.com`;
  const displayName = options.displayName ?? (options.admin ? 'Minted Admin' : 'Minted Dealer');
  const row = await upsertOnSignIn(db, { email, firebaseUid: `minted-${randomUUID()}`, displayName, emailVerified: true, promote: options.admin === true });
  if (!row) throw new Error(`the user row of ${email} belongs to another account`);
  // An approved dealer, unless asked otherwise: its unpaid orders hold stock (docs/decisions/027).
  if (!options.admin && options.trusted !== false) await trustUser(db, row.id);
  const token = await tokenService(secret, 3600).sign({ userId: row.id, email: row.email });
  return { id: row.id, email: row.email, displayName, token, auth: { authorization: `Bearer ${token}` } };
}
