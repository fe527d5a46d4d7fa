// Builds the real app against a fresh database (PGlite from the template, or a PostgreSQL clone)
// and the shared Auth emulator, with helpers that make real users through the real token exchange.

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { firebaseIdentity } from '../../server/auth/identity';
import type { AppConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { insertProduct, type NewProduct } from '../../server/repositories/products';
import { trustUser } from '../../server/repositories/users';
import { signInToEmulator, signUpInEmulator, verifyEmailInEmulator } from './auth-emulator';
import { createPostgresDatabase, loadPgliteTemplate } from './databases';
import { TEST_PROJECT_ID, testConfig } from './test-config';
import '../setup/provided';

export type DbKind = 'pglite' | 'postgres';

/**
 * The databases this run covers: PGlite always, PostgreSQL when a server is reachable. Suites on
 * describeEachDatabase() (use-test-app.ts) also list the PostgreSQL block as skipped when there is none.
 */
export function dbKinds(): DbKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  uid: string;
  displayName: string;
  idToken: string;
  /** Our access token, from PUT /api/user/{email}. */
  token: string;
  auth: { authorization: string };
}

export interface UserOptions {
  admin?: boolean;
  displayName?: string;
  email?: string;
  verified?: boolean;
  trusted?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  kind: DbKind;
  /**
   * A dealer (or admin) signed up in the Auth emulator with a token from the API. Its e-mail is verified
   * only with `verified` (admins always); it is trusted to hold stock unpaid, as an approved dealer is,
   * unless `trusted` is false (docs/decisions/027).
   */
  createUser(options?: UserOptions): Promise<TestUser>;
  createProduct(overrides?: Partial<NewProduct>): Promise<string>;
  close(): Promise<void>;
}

export const emulatorUrl = () => `http://127.0.0.1:${inject('emulatorPort')}`;

/** Signs a new account up in the Auth emulator; its ID token carries the display name. */
export async function emulatorSignUp(email: string, password: string, displayName?: string): Promise<{ idToken: string; uid: string }> {
  return signUpInEmulator(emulatorUrl(), { email, password, ...(displayName === undefined ? {} : { displayName }) });
}

/** Marks the account's e-mail verified, as its link would, and returns a fresh ID token saying so. */
export async function emulatorVerifyEmail(uid: string, email: string, password: string): Promise<string> {
  await verifyEmailInEmulator(emulatorUrl(), TEST_PROJECT_ID, uid);
  return (await signInToEmulator(emulatorUrl(), { email, password })).idToken;
}

export function uniqueEmail(prefix = 'dealer'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function createTestApp(kind: DbKind = 'pglite', overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const template = inject('postgresTemplate');
    if (!adminUrl || !template) throw new Error('PostgreSQL is not available in this run');
    const created = await createPostgresDatabase(adminUrl, template);
    dropDb = created.drop;
    database = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 20 });
  } else {
    database = await openDatabase({ databaseUrl: null, pgliteDir: null, loadDataDir: loadPgliteTemplate(inject('pgliteTemplate')) });
  }
  const config = testConfig(inject('emulatorPort'), { databaseUrl: kind === 'postgres' ? 'postgres://test' : null, ...overrides });
  const identity = firebaseIdentity(config.firebase);
  const app = await buildApp({ config, database, identity }, { logger: false });
  await app.ready();

  return {
    app,
    database,
    config,
    kind,
    async createUser(options = {}) {
      const email = options.email ?? uniqueEmail(options.admin ? 'admin' : 'dealer');
      const password = `pw-${randomUUID()}`;
      const displayName = options.displayName ?? (options.admin ? 'Test Admin' : 'Test Dealer');
      const signedUp = await emulatorSignUp(email, password, displayName);
      const { uid } = signedUp;
      let { idToken } = signedUp;
      if (options.admin) {
        // Admins are made the way a real deployment makes its first admin: ADMIN_EMAILS, and a
        // verified e-mail (the emulator's admin API stands in for clicking the link).
        config.adminEmails.push(email);
      }
      if (options.admin || options.verified) idToken = await emulatorVerifyEmail(uid, email, password);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${idToken}` },
        payload: { email },
      });
      if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`);
      const token = (res.json() as { token: string }).token;
      const claims = await app.tokens.verify(token);
      if (!claims) throw new Error('token did not verify');
      if (!options.admin && options.trusted !== false) await trustUser(database.db, claims.userId);
      return { id: claims.userId, email, password, uid, displayName, idToken, token, auth: { authorization: `Bearer ${token}` } };
    },
    async createProduct(overrides = {}) {
      return insertProduct(database.db, {
        name: 'Test Hammer Drill',
        description: 'A'.repeat(160),
        imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
        price: 100,
        available: 50,
        minOrder: 5,
        ...overrides,
      });
    },
    async close() {
      await app.close();
      await database.close();
      if (dropDb) await dropDb();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
