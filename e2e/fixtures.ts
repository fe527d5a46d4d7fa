// Playwright fixtures: every journey makes its own users through the Auth emulator's REST API
// and the real token exchange, so journeys never depend on each other's data.

import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';

export const DEMO = {
  admin: { email: 'admin@forgeline.test', password: 'Forgeline-admin-2026' },
  customer: { email: 'dealer@forgeline.test', password: 'Forgeline-dealer-2026' },
};

const emulator = () => `http://127.0.0.1:${e2eEnv.authPort}`;

export interface E2eUser {
  email: string;
  password: string;
  displayName: string;
}

/** Creates an account in the Auth emulator (as the register screen would) and returns its details. */
export async function createAccount(displayName = 'E2E Dealer'): Promise<E2eUser & { idToken: string }> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const res = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string };
  const upd = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: body.idToken, displayName, returnSecureToken: true }),
  });
  if (!upd.ok) throw new Error(`emulator profile update failed: ${upd.status}`);
  // The emulator answers a name-only update without a new ID token: sign in again for one that
  // carries the display name, as the app's own register flow ends up with.
  const signedIn = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const fresh = (await signedIn.json()) as { idToken?: string };
  if (!fresh.idToken) throw new Error(`emulator sign-in failed: ${signedIn.status}`);
  return { email, password, displayName, idToken: fresh.idToken };
}

/** Our access token for an account, from the real token exchange. */
export async function accessToken(user: { email: string; idToken: string }): Promise<string> {
  const res = await fetch(`${e2eEnv.baseURL}/api/user/${encodeURIComponent(user.email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email }),
  });
  if (!res.ok) throw new Error(`token exchange failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, user: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export const test = base;
export { expect };
