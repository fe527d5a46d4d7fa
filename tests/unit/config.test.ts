import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const root = () => mkdtempSync(path.join(tmpdir(), 'forgeline-config-'));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, root());
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('runs in local mode with no variables at all: PGlite, emulator, sandbox, seed', () => {
    const dir = root();
    const config = loadConfig({}, dir);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(path.join(dir, 'data'));
    expect(config.firebase.mode).toBe('emulator');
    expect(config.payments.provider).toBe('sandbox');
    expect(config.seed).toBe(true);
    // The local token secret is generated once and reused.
    const secretFile = path.join(dir, 'data', 'access-token-secret');
    expect(existsSync(secretFile)).toBe(true);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(config.accessTokenSecret);
    expect(loadConfig({}, dir).accessTokenSecret).toBe(config.accessTokenSecret);
  });

  it('lists every bad variable at once, by name', () => {
    const list = problems({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED: 'maybe', ACCESS_TOKEN_SECRET: 'short' });
    expect(list).toHaveLength(5);
    expect(list.join('\n')).toMatch(/PORT: must be a port number/u);
    expect(list.join('\n')).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/u);
    expect(list.join('\n')).toMatch(/LOG_LEVEL/u);
    expect(list.join('\n')).toMatch(/SEED: must be true or false/u);
    expect(list.join('\n')).toMatch(/ACCESS_TOKEN_SECRET: must be at least 32 characters/u);
  });

  it('refuses half a Firebase project and half a Stripe account', () => {
    expect(problems({ FIREBASE_PROJECT_ID: 'p' }).join()).toMatch(/set all three/u);
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_abc' }).join()).toMatch(/set both/u);
  });

  it('refuses production without a Firebase project, a token secret, or a named sandbox', () => {
    const list = problems({ NODE_ENV: 'production' }).join('\n');
    expect(list).toMatch(/FIREBASE_PROJECT_ID: required in production/u);
    expect(list).toMatch(/ACCESS_TOKEN_SECRET: required in production/u);
    expect(list).toMatch(/PAYMENTS_PROVIDER=sandbox/u);
  });

  it('runs the sandbox in production only when named, and Stripe when both keys are set', () => {
    const base = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'shop',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
      ACCESS_TOKEN_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig({ ...base, PAYMENTS_PROVIDER: 'sandbox' }, root()).payments.provider).toBe('sandbox');
    const stripe = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, root());
    expect(stripe.payments).toMatchObject({ provider: 'stripe', secretKey: 'sk_test_1', publishableKey: 'pk_test_1' });
    expect(stripe.firebase.mode).toBe('project');
    expect(stripe.seed).toBe(false);
  });

  it('takes rate limits and token lifetimes beyond the port range, and refuses nonsense', () => {
    const config = loadConfig({ RATE_LIMIT_ORDERS_PER_MINUTE: '100000', ACCESS_TOKEN_TTL_SECONDS: '86400' }, root());
    expect(config.rateLimits.ordersPerMinute).toBe(100_000);
    expect(config.accessTokenTtlSeconds).toBe(86_400);
    expect(problems({ RATE_LIMIT_TOKEN_PER_MINUTE: '0', ACCESS_TOKEN_TTL_SECONDS: '1.5' })).toEqual(
      expect.arrayContaining(['RATE_LIMIT_TOKEN_PER_MINUTE: must be at least 1', 'ACCESS_TOKEN_TTL_SECONDS: must be a whole number']),
    );
  });

  it('parses ADMIN_EMAILS into trimmed lower-case addresses', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ' }, root()).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });
});
