// Real customer accounts for the benchmarks: signed up in the Auth emulator over its REST API, then
// exchanged for our access token through PUT /api/user/{email}, as the PWA does, and approved as dealers
// by the seeded admin, so their unpaid orders hold stock as an established dealer's do (docs/decisions/027).

import { randomUUID } from 'node:crypto';
import { demoAccounts } from '../../server/db/seed-data';
import { signInToEmulator, signUpInEmulator } from '../../tests/helpers/auth-emulator';

export interface Customer {
  email: string;
  password: string;
  displayName: string;
  uid: string;
  token: string;
}

async function exchange(baseUrl: string, email: string, idToken: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The seeded admin's token, once per server. A later server of the same run may answer on the same address
 * with another data directory (another token secret): a 401 to the kept token means that, and
 * `forgetAdminToken` lets the next call sign in again.
 */
const adminTokens = new Map<string, Promise<string>>();
export function forgetAdminToken(baseUrl: string): void {
  adminTokens.delete(baseUrl);
}
export function adminToken(baseUrl: string, authPort: number): Promise<string> {
  let token = adminTokens.get(baseUrl);
  if (!token) {
    token = signInToEmulator(`http://127.0.0.1:${authPort}`, demoAccounts.admin).then(({ idToken }) => exchange(baseUrl, demoAccounts.admin.email, idToken));
    adminTokens.set(baseUrl, token);
  }
  return token;
}

export async function createCustomer(baseUrl: string, authPort: number, displayName = 'Bench Dealer'): Promise<Customer> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { uid, idToken } = await signUpInEmulator(`http://127.0.0.1:${authPort}`, { email, password, displayName });
  const token = await exchange(baseUrl, email, idToken);
  const approve = async () =>
    fetch(`${baseUrl}/api/user/dealer/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await adminToken(baseUrl, authPort)}` },
    });
  let approved = await approve();
  if (approved.status === 401) {
    forgetAdminToken(baseUrl);
    approved = await approve();
  }
  if (!approved.ok) throw new Error(`approving ${email} as a dealer failed: ${approved.status} ${await approved.text()}`);
  return { email, password, displayName, uid, token };
}
