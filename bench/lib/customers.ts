// Real customer accounts for the benchmarks: signed up in the Auth emulator over its REST API, then
// exchanged for our access token through PUT /api/user/{email}, as the PWA does.

import { randomUUID } from 'node:crypto';
import { signUpInEmulator } from '../../tests/helpers/auth-emulator';

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
  const { uid, idToken } = await signUpInEmulator(`http://127.0.0.1:${authPort}`, { email, password, displayName });
  const exchange = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!exchange.ok) throw new Error(`token exchange failed: ${exchange.status} ${await exchange.text()}`);
  const { token } = (await exchange.json()) as { token: string };
  return { email, password, displayName, uid, token };
}
