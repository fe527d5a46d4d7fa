// Playwright fixtures: every journey makes its own users and products, through the Auth emulator and the
// API (as the seeded admin), and they are deleted when the journey ends. Journeys never depend on each
// other's data, and none of them buys from the seeded catalogue.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { DEMO_PROJECT_ID } from '../server/config';
import { demoAccounts } from '../server/db/seed-data';
import { readCaughtMails } from '../server/mail/catcher';
import { signInToEmulator, signUpInEmulator, verifyEmailInEmulator } from '../tests/helpers/auth-emulator';

export const emulatorUrl = `http://127.0.0.1:${e2eEnv.authPort}`;
/** The project id the server gives the Auth emulator in local mode. */
export const EMULATOR_PROJECT_ID = DEMO_PROJECT_ID;

export interface E2eUser {
  id: string;
  email: string;
  password: string;
  displayName: string;
  /** Our access token, from the real token exchange. */
  token: string;
  auth: { authorization: string };
}

export interface E2eProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  availableQnt: number;
  minOrderQnt: number;
  imageUrl: string;
}

/** `sku` and `category` are left to the server (a generated SKU, "General") unless given. */
export type ProductFields = Pick<E2eProduct, 'name' | 'price' | 'availableQnt' | 'minOrderQnt'> & {
  sku?: string;
  category?: string;
  packSize?: number;
  gtin?: string;
};

/** A JSON call to the API from Node: the browser context's offline switch does not touch it. */
export async function api<T = unknown>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${e2eEnv.baseURL}/api${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** Our access token for an Auth emulator account, from PUT /api/user/{email}. */
async function exchangeToken(email: string, idToken: string): Promise<string> {
  const res = await fetch(`${e2eEnv.baseURL}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`token exchange for ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The user id our access token was issued to (its subject); the server checks the signature, this only reads. */
function tokenSubject(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string };
  if (!payload.sub) throw new Error('access token without a subject');
  return payload.sub;
}

/** Places an order straight through the API, as a customer at another counter would. */
export function orderThroughApi(user: Pick<E2eUser, 'token'>, product: Pick<E2eProduct, '_id'>, orderQuantity: number) {
  return api<{ insertedId: string }>('POST', '/orders', {
    token: user.token,
    body: { productId: product._id, orderQuantity, userAddress: '1 Other Street, Leeds', userPhone: '+44 113 555 0100', clientOrderId: randomUUID() },
  });
}

/** Pays an order the way the payment page does in the sandbox: intent, confirm with 4242..., record. Returns the transaction id. */
export async function payThroughApi(user: Pick<E2eUser, 'token' | 'displayName' | 'email'>, orderId: string): Promise<string> {
  const intent = await api<{ clientSecret: string }>('POST', '/create-payment-intent', { token: user.token, body: { orderId } });
  if (intent.status !== 200) throw new Error(`payment intent refused: ${intent.status} ${JSON.stringify(intent.body)}`);
  const confirmed = await api<{ paymentIntent?: { id: string } }>('POST', '/sandbox/confirm', {
    token: user.token,
    body: {
      clientSecret: intent.body.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      billingDetails: { name: user.displayName, email: user.email },
    },
  });
  const transactionId = confirmed.body.paymentIntent?.id;
  if (!transactionId) throw new Error(`sandbox declined: ${JSON.stringify(confirmed.body)}`);
  const recorded = await api('PATCH', `/order/${orderId}`, { token: user.token, body: { transactionId } });
  if (recorded.status !== 200) throw new Error(`payment not recorded: ${recorded.status} ${JSON.stringify(recorded.body)}`);
  return transactionId;
}

export interface ServerOrder {
  _id: string;
  productName: string;
  orderQuantity: number;
  totalPrice: number;
  clientOrderId: string | null;
  /** The number the server gave the order (`O-2026-00042`). */
  number: string;
}

/** The user's orders as the server has them. */
export async function serverOrders(user: Pick<E2eUser, 'token' | 'email'>): Promise<ServerOrder[]> {
  const res = await api<ServerOrder[]>('GET', `/orders/${encodeURIComponent(user.email)}`, { token: user.token });
  if (res.status !== 200) throw new Error(`orders read failed: ${res.status}`);
  return res.body;
}

/** Signs in through the login screen, as a user would. */
/** `buyer` joins `admin`'s company through an invitation, its token read from the mail the server sends. */
export async function joinAsBuyer(admin: E2eUser, buyer: E2eUser): Promise<void> {
  const invited = await api('POST', '/company/invitations', { token: admin.token, body: { email: buyer.email, role: 'buyer' } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  let token = '';
  await expect
    .poll(
      async () => {
        const mail = (await readCaughtMails(path.join(e2eEnv.dataDir, 'mail'))).find((caught) => caught.to.includes(buyer.email));
        token = /\/join\/([A-Za-z0-9_-]{43})/u.exec(mail?.text ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const joined = await api('POST', `/invitations/${token}/accept`, { token: buyer.token });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}

export async function signIn(page: Page, user: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

interface Fixtures {
  /**
   * Makes an account (a customer, or an admin promoted by the seeded admin) with its access token. A customer
   * is approved as a dealer, so its unpaid orders hold stock (docs/decisions/027), unless `trusted` is false;
   * its e-mail is verified only with `verified` (the shop mails only verified addresses, decision 026).
   */
  createUser: (options?: { displayName?: string; admin?: boolean; trusted?: boolean; verified?: boolean }) => Promise<E2eUser>;
  /** Adds a product with a picture, through POST /api/images and POST /api/products. */
  createProduct: (fields?: Partial<ProductFields>) => Promise<E2eProduct>;
}

interface WorkerFixtures {
  /** The seeded admin's access token: the fixtures make and remove their data with it. */
  adminToken: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  adminToken: [
    async ({}, use) => {
      const { idToken } = await signInToEmulator(emulatorUrl, demoAccounts.admin);
      await use(await exchangeToken(demoAccounts.admin.email, idToken));
    },
    { scope: 'worker' },
  ],

  createUser: async ({ adminToken }, use) => {
    const made: E2eUser[] = [];
    await use(async ({ displayName = 'E2E Dealer', admin = false, trusted = true, verified = false } = {}) => {
      const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
      const password = `pw-${randomUUID().slice(0, 12)}`;
      const signedUp = await signUpInEmulator(emulatorUrl, { email, password, displayName });
      let { idToken } = signedUp;
      if (verified) {
        // The emulator's admin API stands in for opening the link; a new sign-in carries the verification.
        await verifyEmailInEmulator(emulatorUrl, DEMO_PROJECT_ID, signedUp.uid);
        idToken = (await signInToEmulator(emulatorUrl, { email, password })).idToken;
      }
      const token = await exchangeToken(email, idToken);
      const user: E2eUser = { id: tokenSubject(token), email, password, displayName, token, auth: { authorization: `Bearer ${token}` } };
      made.push(user);
      if (admin) {
        const promoted = await api('PUT', `/user/admin/${encodeURIComponent(email)}`, { token: adminToken });
        if (promoted.status !== 200) throw new Error(`making ${email} admin failed: ${promoted.status}`);
      } else if (trusted) {
        const approved = await api('PUT', `/user/dealer/${encodeURIComponent(email)}`, { token: adminToken });
        if (approved.status !== 200) throw new Error(`approving ${email} as a dealer failed: ${approved.status}`);
      }
      return user;
    });
    // Deleting a user removes the sign-in account and the unpaid orders (their stock goes back).
    for (const user of made.reverse()) {
      const res = await api('DELETE', `/users/${user.id}`, { token: adminToken });
      if (res.status !== 200 && res.status !== 404) throw new Error(`deleting ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
  },

  createProduct: async ({ adminToken }, use) => {
    const made: E2eProduct[] = [];
    await use(async (fields = {}) => {
      const form = new FormData();
      form.append('image', new Blob([await readFile('public/icons/icon-512.png')], { type: 'image/png' }), 'tool.png');
      const upload = await fetch(`${e2eEnv.baseURL}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      if (!upload.ok) throw new Error(`image upload failed: ${upload.status}`);
      const imageUrl = ((await upload.json()) as { data: { url: string } }).data.url;
      // A name of its own, so rows and cards of this journey's product are never confused with another's.
      const name = `${fields.name ?? 'Forgeline Test Tool'} ${randomUUID().slice(0, 8).toUpperCase()}`;
      const values = { price: 90, availableQnt: 100, minOrderQnt: 5, ...fields, name };
      const description = `${name}: a limited run made for one browser journey, in cartons for dealer counters. `.repeat(3);
      const created = await api<{ insertedId: string }>('POST', '/products', { token: adminToken, body: { ...values, description, imageUrl } });
      if (created.status !== 201) throw new Error(`product create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const product: E2eProduct = { _id: created.body.insertedId, description, imageUrl, ...values };
      made.push(product);
      return product;
    });
    // Orders already placed keep the product's name and price.
    for (const product of made) {
      const res = await api('DELETE', `/products/${product._id}`, { token: adminToken });
      if (res.status !== 200 && res.status !== 404) throw new Error(`deleting ${product.name} failed: ${res.status}`);
    }
  },
});

export { expect };
