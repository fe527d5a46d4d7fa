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

  it('listens on loopback only in local mode, whose Auth emulator signs nothing, unless HOST says otherwise', () => {
    expect(loadConfig({}, root()).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }, root()).host).toBe('0.0.0.0');
    const project = { FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com', ACCESS_TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(project, root()).host).toBe('0.0.0.0');
  });

  it('reads the unpaid-order hold, the unpaid caps and the review limit', () => {
    const config = loadConfig(
      { UNPAID_ORDER_TTL_HOURS: '0.5', UNPAID_UNITS_LIMIT: '900', UNPAID_UNITS_LIMIT_UNVERIFIED: '0', RATE_LIMIT_REVIEWS_PER_HOUR: '3' },
      root(),
    );
    expect(config.unpaidOrderTtlMs).toBe(1_800_000);
    expect(config.unpaidUnitsLimit).toEqual({ verified: 900, unverified: 0 });
    expect(config.reviewsPerHour).toBe(3);
    const defaults = loadConfig({}, root());
    expect(defaults.unpaidOrderTtlMs).toBe(48 * 3_600_000);
    expect(problems({ UNPAID_ORDER_TTL_HOURS: 'soon' })).toEqual(['UNPAID_ORDER_TTL_HOURS: must be a number of hours']);
    expect(problems({ UNPAID_ORDER_TTL_HOURS: '0' })).toEqual(['UNPAID_ORDER_TTL_HOURS: must be more than 0']);
  });

  it('reads the request, headers, connection and keep-alive timeouts, and refuses headers given longer than the request', () => {
    expect(loadConfig({}, root()).timeouts).toEqual({ requestMs: 60_000, headersMs: 20_000, connectionMs: 60_000, keepAliveMs: 72_000 });
    const config = loadConfig(
      { REQUEST_TIMEOUT_SECONDS: '30', HEADERS_TIMEOUT_SECONDS: '10', CONNECTION_TIMEOUT_SECONDS: '45', KEEP_ALIVE_TIMEOUT_SECONDS: '5' },
      root(),
    );
    expect(config.timeouts).toEqual({ requestMs: 30_000, headersMs: 10_000, connectionMs: 45_000, keepAliveMs: 5000 });
    expect(problems({ REQUEST_TIMEOUT_SECONDS: '0' })).toEqual(['REQUEST_TIMEOUT_SECONDS: must be at least 1']);
    // The live orders stream sends a heartbeat every 25 s: a shorter idle timeout would cut it between two.
    expect(problems({ CONNECTION_TIMEOUT_SECONDS: '20' })).toEqual(['CONNECTION_TIMEOUT_SECONDS: must be at least 30']);
    expect(problems({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '15' })).toEqual([
      'HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    ]);
  });

  it('shares rate limits through Redis only when REDIS_URL names one', () => {
    expect(loadConfig({}, root()).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/2' }, root()).redisUrl).toBe('redis://cache.internal:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380' }, root()).redisUrl).toBe('rediss://:secret@cache.internal:6380');
    expect(problems({ REDIS_URL: 'cache.internal:6379' })).toEqual(['REDIS_URL: must be a redis:// or rediss:// URL']);
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
    expect(list).toMatch(/SMTP_URL: required in production/u);
    expect(list).toMatch(/PUBLIC_URL: required in production/u);
    expect(list).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required in production/u);
  });

  it('makes the VAPID keys once into DATA_DIR in local mode, takes them from the environment, and refuses half a pair', () => {
    const dir = root();
    const first = loadConfig({}, dir).push.vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/u);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(first.subject).toMatch(/^mailto:/u);
    // A restart keeps the pair the browsers subscribed with.
    expect(loadConfig({}, dir).push.vapid).toEqual(first);
    expect(loadConfig({}, root()).push.vapid.publicKey).not.toBe(first.publicKey);
    const given = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43), VAPID_SUBJECT: 'https://shop.example.com' };
    expect(loadConfig(given, root()).push.vapid).toEqual({ publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43), subject: 'https://shop.example.com' });
    expect(problems({ VAPID_PUBLIC_KEY: 'B'.repeat(87) }).join()).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both/u);
    expect(problems({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'k'.repeat(43) }).join()).toMatch(/VAPID_PUBLIC_KEY: must be a P-256 public key/u);
    expect(problems({ VAPID_SUBJECT: 'shop' }).join()).toMatch(/VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/u);
  });

  it('links e-mails to PUBLIC_URL, localhost and the port by default, and refuses an address with a path', () => {
    expect(loadConfig({}, root()).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3100' }, root()).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }, root()).publicUrl).toBe('https://shop.example.com');
    for (const bad of ['https://shop.example.com/dealers', 'ftp://shop.example.com', 'shop.example.com', 'https://shop.example.com/?a=1']) {
      expect(problems({ PUBLIC_URL: bad }).join()).toMatch(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ address without a path/u);
    }
  });

  it('runs the sandbox in production only when named, and Stripe when both keys are set', () => {
    const base = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'shop',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
      ACCESS_TOKEN_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://shop:secret@smtp.example.com:465',
      PUBLIC_URL: 'https://shop.example.com',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
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

  it('catches mail on this machine in local mode, sends it through SMTP_URL when set, and refuses other URLs', () => {
    const dir = root();
    const local = loadConfig({}, dir).mail;
    expect(local).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      catcher: { host: '127.0.0.1', port: 2525, dir: path.join(dir, 'data', 'mail') },
      intervalMs: 5000,
      maxAttempts: 8,
    });
    expect(local.from).toBe('Forgeline Power Tools <dealers@forgeline.example>');
    expect(loadConfig({ MAIL_CATCHER_PORT: '2600' }, root()).mail.smtpUrl).toBe('smtp://127.0.0.1:2600');
    const sent = loadConfig({ SMTP_URL: 'smtp://mail.internal:587', MAIL_FROM: 'Shop <shop@example.com>', MAIL_INTERVAL_SECONDS: '2' }, root()).mail;
    expect(sent).toMatchObject({ smtpUrl: 'smtp://mail.internal:587', from: 'Shop <shop@example.com>', catcher: null, intervalMs: 2000 });
    const project = { FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com', ACCESS_TOKEN_SECRET: 's'.repeat(32) };
    expect(loadConfig(project, root()).mail).toMatchObject({ smtpUrl: null, catcher: null });
    expect(problems({ SMTP_URL: 'mail.internal:25' })).toEqual(['SMTP_URL: must be an smtp:// or smtps:// URL']);
    expect(problems({ MAIL_FROM: 'the shop' })).toEqual(['MAIL_FROM: must contain an e-mail address']);
  });

  it('parses ADMIN_EMAILS into trimmed lower-case addresses', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ' }, root()).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });
});
