// Real customer accounts for the benchmarks: signed up in the Auth emulator over its REST API, then
// exchanged for our access token through PUT /api/user/{email}, as the PWA does.

import { randomUUID } from 'node:crypto';

export interface Customer {
  email: string;
  password: string;
  displayName: string;
  uid: string;
  token: string;
}

export async function createCustomer(baseUrl: string, authPort: number, displayName = 'Bench Dealer'): Promise<Customer> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const emulator = `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1`;
  const signUp = await fetch(`${emulator}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const created = (await signUp.json()) as { idToken?: string; localId?: string };
  if (!created.idToken || !created.localId) throw new Error(`emulator sign-up failed (${signUp.status})`);
  const update = await fetch(`${emulator}/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: created.idToken, displayName, returnSecureToken: true }),
  });
  const updated = (await update.json()) as { idToken?: string };
  const idToken = updated.idToken ?? created.idToken;
  const exchange = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!exchange.ok) throw new Error(`token exchange failed: ${exchange.status} ${await exchange.text()}`);
  const { token } = (await exchange.json()) as { token: string };
  return { email, password, displayName, uid: created.localId, token };
}
