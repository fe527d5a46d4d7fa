import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../server/config';

export const TEST_PROJECT_ID = 'demo-forgeline-test';

/** An AppConfig for tests: emulator identity, sandbox payments, generous rate limits, no PWA. */
export function testConfig(emulatorPort: number, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-test-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    accessTokenSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    accessTokenTtlSeconds: 3600,
    adminEmails: [],
    firebase: {
      mode: 'emulator',
      projectId: TEST_PROJECT_ID,
      apiKey: 'demo-api-key',
      authDomain: `${TEST_PROJECT_ID}.firebaseapp.com`,
      emulatorHost: '127.0.0.1',
      emulatorPort,
    },
    payments: { provider: 'sandbox' },
    seed: false,
    trustProxy: false,
    logLevel: 'silent',
    rateLimits: { tokenPerMinute: 10_000, ordersPerMinute: 10_000 },
    staticDir: null,
    uploadsDir: path.join(dataDir, 'uploads'),
    ...overrides,
  };
}
