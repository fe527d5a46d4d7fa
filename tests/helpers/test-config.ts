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
    redisUrl: null,
    publicUrl: 'http://shop.test',
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
    seedProducts: 0,
    trustProxy: false,
    logLevel: 'silent',
    rateLimits: { tokenPerMinute: 10_000, ordersPerMinute: 10_000 },
    reviewsPerHour: 10_000,
    invoiceDownloadsPerMinute: 10_000,
    unpaidOrderTtlMs: 48 * 3_600_000,
    unpaidUnitsLimit: { verified: 1_000_000, unverified: 1_000_000 },
    jobsIntervalMs: 60_000,
    uploadGraceMs: 24 * 3_600_000,
    // Nothing is sent unless a suite points smtpUrl at its own mail catcher (tests/helpers/mail.ts).
    mail: {
      smtpUrl: null,
      from: 'Forgeline Power Tools <dealers@forgeline.example>',
      catcher: null,
      intervalMs: 60_000,
      maxAttempts: 8,
      retryBaseMs: 60_000,
      retryMaxMs: 3_600_000,
    },
    // A key pair made for the tests; a push goes out only to the subscriptions a suite makes (tests/api/push-notifications.test.ts).
    push: {
      vapid: {
        publicKey: 'BGB843CDlfn1wzFlI9WAtPYUVcssKkChqVPYKLkrbkcQtu0tzO94lbEK3nE0NayJP9g0-si-P25_zcd54qQHri8',
        privateKey: '7fLfPT3vtdhXIeoId-UAHWbcCnLiF-4mECGkgtzXaac',
        subject: 'mailto:dealers@forgeline.example',
      },
      anyPushService: true,
      intervalMs: 60_000,
      maxAttempts: 5,
      retryBaseMs: 30_000,
      retryMaxMs: 1_800_000,
    },
    timeouts: { requestMs: 60_000, headersMs: 20_000, connectionMs: 60_000, keepAliveMs: 72_000 },
    staticDir: null,
    uploadsDir: path.join(dataDir, 'uploads'),
    ...overrides,
  };
}
