// The app of one API test suite. useTestApp() registers, in the describe block that calls it, a beforeAll
// that builds the app on a fresh database with the users the suite names, and an afterAll that closes it:
// a suite never builds or closes its app by hand.
//
//   describeEachDatabase('posting reviews', (kind) => {
//     const { t, users: { dealer } } = useTestApp(kind, { users: { dealer: { displayName: 'Rita' } } });
//     it('...', async () => { await t.app.inject({ url: '/api/reviews', headers: dealer.auth }); });
//   });
//
// `t` and the user objects exist from the start and are filled in before the block's first test, so they
// may be destructured at once but read only inside tests and hooks.

import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { AppConfig } from '../../server/config';
import { createTestApp, type DbKind, type TestApp, type TestUser, type UserOptions } from './test-app';
import '../setup/provided';

export type UserSpec = UserOptions;

export interface TestAppOptions<U extends string> {
  /** Configuration overrides; a function is called in beforeAll, after the suite's earlier hooks. */
  config?: Partial<AppConfig> | (() => Partial<AppConfig>);
  /** The suite's users by name, made through the real token exchange before the first test. */
  users?: Record<U, UserSpec>;
}

export interface SuiteApp<U extends string> {
  t: TestApp;
  users: Record<U, TestUser>;
}

export const POSTGRES_SKIP_REASON = 'skipped: no PostgreSQL server on DATABASE_URL or localhost:5432';

/**
 * One describe block per database, named `<name> on pglite` and `<name> on postgres`. Without a reachable
 * PostgreSQL server its block is still collected, so its tests count as skipped in the run's summary.
 */
export function describeEachDatabase(name: string, body: (kind: DbKind) => void, kinds: readonly DbKind[] = ['pglite', 'postgres']): void {
  const postgres = inject('postgresUrl') !== null;
  for (const kind of kinds) {
    const skip = kind === 'postgres' && !postgres;
    describe.skipIf(skip)(`${name} on ${kind}${skip ? ` (${POSTGRES_SKIP_REASON})` : ''}`, () => body(kind));
  }
}

export function useTestApp<U extends string = never>(kind: DbKind, options: TestAppOptions<U> = {}): SuiteApp<U> {
  let current: TestApp | null = null;
  const live = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests and hooks.');
    return current;
  };
  const t: TestApp = {
    kind,
    get app() {
      return live().app;
    },
    get database() {
      return live().database;
    },
    get config() {
      return live().config;
    },
    createUser: (spec) => live().createUser(spec),
    createProduct: (overrides) => live().createProduct(overrides),
    close: () => live().close(),
  };

  const specs = Object.entries(options.users ?? {}) as [U, UserSpec][];
  const users = Object.fromEntries(specs.map(([name]) => [name, {} as TestUser])) as Record<U, TestUser>;

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : (options.config ?? {});
    current = await createTestApp(kind, config);
    const app = current;
    const made = await Promise.all(specs.map(([, spec]) => app.createUser(spec)));
    specs.forEach(([name], i) => Object.assign(users[name], made[i]));
  });
  afterAll(async () => {
    const app = current;
    current = null;
    await app?.close();
  });

  return { t, users };
}
