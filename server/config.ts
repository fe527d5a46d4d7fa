// The environment, parsed once at start-up. Nothing else in the server reads process.env.

import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { companyFacts } from '../src/contract/company';

const boolText = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], 'must be true or false'),
  v.transform((s) => ['1', 'true', 'yes', 'on'].includes(s)),
);

const port = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d+$/u, 'must be a port number'),
  v.transform(Number),
  v.integer(),
  v.minValue(0, 'must be a port number'),
  v.maxValue(65535, 'must be a port number'),
);

const positiveInt = (min: number) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/u, 'must be a whole number'), v.transform(Number), v.minValue(min, `must be at least ${min}`));

const nonEmpty = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));

/** An http(s) origin with nothing after it: links in mails add their own paths. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(port, '3000'),
  // Unset: loopback only (localhost) in local mode, whose Auth emulator signs nothing (docs/decisions/010),
  // every interface (0.0.0.0) otherwise.
  HOST: v.optional(nonEmpty),
  DATA_DIR: v.optional(nonEmpty, './data'),
  /** The built PWA to serve: a build kept apart from dist/ can be served while dist/ is rebuilt. */
  STATIC_DIR: v.optional(nonEmpty, './dist'),
  DATABASE_URL: v.optional(v.pipe(nonEmpty, v.regex(/^postgres(ql)?:\/\//u, 'must be a postgres:// URL'))),
  // Shares the rate-limit counters between processes (docs/decisions/012-shared-state-for-several-processes.md).
  REDIS_URL: v.optional(v.pipe(nonEmpty, v.regex(/^rediss?:\/\//u, 'must be a redis:// or rediss:// URL'))),
  // Where dealers open the shop: the links in its e-mails (an invitation's join page) start with it.
  PUBLIC_URL: v.optional(
    v.pipe(
      nonEmpty,
      v.check(isOrigin, 'must be an http:// or https:// address without a path, like https://shop.example.com'),
      v.transform((text) => new URL(text).origin),
    ),
  ),
  ACCESS_TOKEN_SECRET: v.optional(v.pipe(nonEmpty, v.minLength(32, 'must be at least 32 characters'))),
  ACCESS_TOKEN_TTL_SECONDS: v.optional(positiveInt(60), '43200'),
  ADMIN_EMAILS: v.optional(v.string(), ''),
  FIREBASE_PROJECT_ID: v.optional(nonEmpty),
  FIREBASE_API_KEY: v.optional(nonEmpty),
  FIREBASE_AUTH_DOMAIN: v.optional(nonEmpty),
  AUTH_EMULATOR_PORT: v.optional(port, '9099'),
  AUTH_EMULATOR_HOST: v.optional(nonEmpty, '127.0.0.1'),
  STRIPE_SECRET_KEY: v.optional(v.pipe(nonEmpty, v.regex(/^(sk|rk)_(test|live)_/u, 'must start with sk_test_, sk_live_, rk_test_ or rk_live_'))),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(nonEmpty, v.regex(/^pk_(test|live)_/u, 'must start with pk_test_ or pk_live_'))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(nonEmpty, v.regex(/^whsec_/u, 'must start with whsec_'))),
  STRIPE_API_BASE: v.optional(v.pipe(nonEmpty, v.url('must be a URL'))),
  PAYMENTS_PROVIDER: v.optional(v.picklist(['stripe', 'sandbox'], 'must be stripe or sandbox')),
  SEED: v.optional(boolText),
  TRUST_PROXY: v.optional(boolText, 'false'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level'), 'info'),
  RATE_LIMIT_TOKEN_PER_MINUTE: v.optional(positiveInt(1), '20'),
  // Room for a dealer's offline backlog (the outbox sends up to 200 orders at once on reconnect) in one minute.
  RATE_LIMIT_ORDERS_PER_MINUTE: v.optional(positiveInt(1), '300'),
  RATE_LIMIT_REVIEWS_PER_HOUR: v.optional(positiveInt(1), '5'),
  // Downloads of invoices per account: a kept invoice is cheap to send, but a loop on it still costs (decision 028).
  RATE_LIMIT_INVOICES_PER_MINUTE: v.optional(positiveInt(1), '30'),
  // docs/decisions/011-unpaid-orders-expire.md
  UNPAID_ORDER_TTL_HOURS: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}(\.\d{1,6})?$/u, 'must be a number of hours'), v.transform(Number), v.minValue(0.001, 'must be more than 0')),
    '48',
  ),
  UNPAID_UNITS_LIMIT: v.optional(positiveInt(1), '5000'),
  UNPAID_UNITS_LIMIT_UNVERIFIED: v.optional(positiveInt(0), '500'),
  JOBS_INTERVAL_SECONDS: v.optional(positiveInt(1), '60'),
  // docs/architecture.md, "Images": an uploaded picture no product or order shows is removed this long after its upload.
  UPLOAD_GRACE_HOURS: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}(\.\d{1,6})?$/u, 'must be a number of hours'), v.transform(Number), v.minValue(0.001, 'must be more than 0')),
    '24',
  ),
  // How long one connection may hold the server (docs/architecture.md, "Request flow"). A request, headers
  // and body, must arrive within REQUEST_TIMEOUT_SECONDS (a 5 MB picture on a slow line included), its
  // headers within HEADERS_TIMEOUT_SECONDS; a connection that sends and receives nothing for
  // CONNECTION_TIMEOUT_SECONDS is closed, at least 30 so the live orders stream's heartbeat (every 25 s)
  // keeps it open; an idle kept-alive one after KEEP_ALIVE_TIMEOUT_SECONDS, longer than the usual load
  // balancer's 60 s so that the balancer, not the server, closes it first.
  REQUEST_TIMEOUT_SECONDS: v.optional(positiveInt(1), '60'),
  HEADERS_TIMEOUT_SECONDS: v.optional(positiveInt(1), '20'),
  CONNECTION_TIMEOUT_SECONDS: v.optional(positiveInt(30), '60'),
  KEEP_ALIVE_TIMEOUT_SECONDS: v.optional(positiveInt(1), '72'),
  /** Local mode: add this many generated tools to the demo catalogue (benchmarks and demos at trade scale). */
  SEED_PRODUCTS: v.optional(positiveInt(0), '0'),
  // docs/decisions/013-invoices-and-mail-queue.md
  SMTP_URL: v.optional(v.pipe(nonEmpty, v.regex(/^smtps?:\/\/[^\s]+$/u, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.pipe(nonEmpty, v.regex(/@/u, 'must contain an e-mail address')), `${companyFacts.name} <${companyFacts.email}>`),
  MAIL_CATCHER_PORT: v.optional(port, '2525'),
  MAIL_INTERVAL_SECONDS: v.optional(positiveInt(1), '5'),
  MAIL_MAX_ATTEMPTS: v.optional(positiveInt(1), '8'),
  // Notifications on a device (docs/notifications.md): the shop's VAPID key pair, which identifies it to the
  // browsers' push services, and the contact they may write to about its messages.
  VAPID_PUBLIC_KEY: v.optional(v.pipe(nonEmpty, v.regex(/^[A-Za-z0-9_-]{87}$/u, 'must be a P-256 public key in base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(nonEmpty, v.regex(/^[A-Za-z0-9_-]{43}$/u, 'must be a P-256 private key in base64url (43 characters)'))),
  VAPID_SUBJECT: v.optional(
    v.pipe(nonEmpty, v.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/u, 'must be a mailto: address or an https:// URL')),
    `mailto:${companyFacts.email}`,
  ),
  PUSH_INTERVAL_SECONDS: v.optional(positiveInt(1), '5'),
  PUSH_MAX_ATTEMPTS: v.optional(positiveInt(1), '5'),
});

export type Env = v.InferOutput<typeof EnvSchema>;

export type FirebaseConfig =
  | { mode: 'emulator'; projectId: string; apiKey: string; authDomain: string; emulatorHost: string; emulatorPort: number }
  | { mode: 'project'; projectId: string; apiKey: string; authDomain: string };

export type PaymentsConfig =
  { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | null; apiBase: string | null } | { provider: 'sandbox' };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite in dataDir. */
  databaseUrl: string | null;
  /** Unset: rate-limit counters in this process's memory. */
  redisUrl: string | null;
  /** The shop's address as dealers open it, without a trailing slash: links in e-mails start with it. */
  publicUrl: string;
  accessTokenSecret: string;
  accessTokenTtlSeconds: number;
  adminEmails: string[];
  firebase: FirebaseConfig;
  payments: PaymentsConfig;
  seed: boolean;
  /** Generated tools added to the seeded catalogue. */
  seedProducts: number;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  rateLimits: { tokenPerMinute: number; ordersPerMinute: number };
  /** Reviews one account may post per hour. */
  reviewsPerHour: number;
  /** Invoice downloads per account per minute. */
  invoiceDownloadsPerMinute: number;
  /** Unpaid orders give their stock back this long after they were placed. */
  unpaidOrderTtlMs: number;
  /** Units one account may hold in unpaid orders at once, by whether its e-mail is verified. */
  unpaidUnitsLimit: { verified: number; unverified: number };
  /** How often each process runs the background jobs; each run happens once across processes. */
  jobsIntervalMs: number;
  /** Uploaded pictures that no product or order shows are removed once they are this old. */
  uploadGraceMs: number;
  mail: MailConfig;
  push: PushConfig;
  /** How long one connection may hold the server, each in milliseconds. */
  timeouts: HttpTimeouts;
  /** Where the built PWA is served from; null serves the API only. */
  staticDir: string | null;
  uploadsDir: string;
}

export interface HttpTimeouts {
  /** A whole request, headers and body, must arrive within this; its answer may last longer. */
  requestMs: number;
  /** The headers of a request must arrive within this. */
  headersMs: number;
  /** A connection that sends and receives nothing for this long is closed. */
  connectionMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveMs: number;
}

/** E-mail to dealers and admins (docs/decisions/013-invoices-and-mail-queue.md). */
export interface MailConfig {
  /** Where mail goes: SMTP_URL, or the local mail catcher; null sends nothing (mails wait in the queue). */
  smtpUrl: string | null;
  from: string;
  /** Local mode: the catcher main.ts starts, keeping every mail as a file in `dir` (port 0: any free port). */
  catcher: { host: string; port: number; dir: string } | null;
  /** How often each process looks for mail to send; each run happens once across processes. */
  intervalMs: number;
  /** Tries of one mail before it is given up and shown to admins as failed. */
  maxAttempts: number;
  /** The wait after the first failed try, doubled after each further one up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/** Notifications on a device (docs/notifications.md). */
export interface PushConfig {
  /** The shop's VAPID keys (base64url): the public one is what browsers subscribe with. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Whether a subscription may name any push service; in production only the browsers' own are accepted. */
  anyPushService: boolean;
  /** How often each process looks for notifications to send; each run happens once across processes. */
  intervalMs: number;
  /** Tries of one notification before it is given up. */
  maxAttempts: number;
  /** The wait after the first failed try, doubled after each further one up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEMO_PROJECT_ID = 'demo-forgeline';

/** Parses the environment; throws ConfigError listing every problem at once. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const input = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const key = issue.path?.[0]?.key;
      return `${typeof key === 'string' ? key : 'environment'}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  return result.output;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'access-token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair of a local install, made on its first start and kept in DATA_DIR, so the browsers
 * subscribed keep receiving after a restart (a new key would orphan every subscription).
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A') };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** Turns the parsed environment into the app's configuration, applying the cross-variable rules. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root = process.cwd()): AppConfig {
  const e = parseEnv(env);
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  const firebaseSet = [e.FIREBASE_PROJECT_ID, e.FIREBASE_API_KEY, e.FIREBASE_AUTH_DOMAIN].filter(Boolean).length;
  if (firebaseSet > 0 && firebaseSet < 3) {
    problems.push('FIREBASE_PROJECT_ID, FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN: set all three, or none for local mode');
  }
  const localMode = firebaseSet === 0;
  if (production && localMode) {
    problems.push('FIREBASE_PROJECT_ID: required in production (the Auth emulator is for local use only)');
  }
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production, for the links in e-mails (https://shop.example.com)');
  if (production && !e.ACCESS_TOKEN_SECRET) problems.push('ACCESS_TOKEN_SECRET: required in production');
  if (!localMode && !e.ACCESS_TOKEN_SECRET) problems.push('ACCESS_TOKEN_SECRET: required when a Firebase project is configured');

  const stripeKeys = Boolean(e.STRIPE_SECRET_KEY) || Boolean(e.STRIPE_PUBLISHABLE_KEY);
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both, or neither for the sandbox');
  }
  const provider = e.PAYMENTS_PROVIDER ?? (stripeKeys ? 'stripe' : 'sandbox');
  if (provider === 'stripe' && !stripeKeys) problems.push('PAYMENTS_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  if (provider === 'sandbox' && production && e.PAYMENTS_PROVIDER !== 'sandbox') {
    problems.push('STRIPE_SECRET_KEY: required in production; set PAYMENTS_PROVIDER=sandbox to run the sandbox processor on purpose');
  }
  if (production && !e.SMTP_URL) {
    problems.push('SMTP_URL: required in production, for the order e-mails and invoices (smtps://user:password@smtp.example.com:465)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys), or neither in local mode to have them made');
  } else if (production && !e.VAPID_PUBLIC_KEY) {
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required in production, for notifications on dealers' and admins' devices (npx web-push generate-vapid-keys)",
    );
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    problems.push('HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(root, e.DATA_DIR);
  const firebase: FirebaseConfig = localMode
    ? {
        mode: 'emulator',
        projectId: DEMO_PROJECT_ID,
        apiKey: 'demo-api-key',
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        emulatorHost: e.AUTH_EMULATOR_HOST,
        emulatorPort: e.AUTH_EMULATOR_PORT,
      }
    : {
        mode: 'project',
        projectId: e.FIREBASE_PROJECT_ID ?? '',
        apiKey: e.FIREBASE_API_KEY ?? '',
        authDomain: e.FIREBASE_AUTH_DOMAIN ?? '',
      };

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (localMode ? 'localhost' : '0.0.0.0'),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    accessTokenSecret: e.ACCESS_TOKEN_SECRET ?? readOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    firebase,
    payments:
      provider === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : { provider: 'sandbox' },
    seed: e.SEED ?? localMode,
    seedProducts: e.SEED_PRODUCTS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimits: { tokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE, ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE },
    reviewsPerHour: e.RATE_LIMIT_REVIEWS_PER_HOUR,
    invoiceDownloadsPerMinute: e.RATE_LIMIT_INVOICES_PER_MINUTE,
    unpaidOrderTtlMs: Math.round(e.UNPAID_ORDER_TTL_HOURS * 3_600_000),
    unpaidUnitsLimit: { verified: e.UNPAID_UNITS_LIMIT, unverified: e.UNPAID_UNITS_LIMIT_UNVERIFIED },
    jobsIntervalMs: e.JOBS_INTERVAL_SECONDS * 1000,
    uploadGraceMs: Math.round(e.UPLOAD_GRACE_HOURS * 3_600_000),
    mail: {
      // Local mode without SMTP_URL catches mail on this machine instead of sending it; a Firebase project
      // without SMTP_URL (never in production) keeps its mails queued until one is set.
      smtpUrl: e.SMTP_URL ?? (localMode ? `smtp://127.0.0.1:${e.MAIL_CATCHER_PORT}` : null),
      from: e.MAIL_FROM,
      catcher: localMode && !e.SMTP_URL ? { host: '127.0.0.1', port: e.MAIL_CATCHER_PORT, dir: path.join(dataDir, 'mail') } : null,
      intervalMs: e.MAIL_INTERVAL_SECONDS * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: 60_000,
      retryMaxMs: 3_600_000,
    },
    push: {
      vapid: {
        ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : readOrCreateVapidKeys(dataDir)),
        subject: e.VAPID_SUBJECT,
      },
      anyPushService: !production,
      intervalMs: e.PUSH_INTERVAL_SECONDS * 1000,
      maxAttempts: e.PUSH_MAX_ATTEMPTS,
      retryBaseMs: 30_000,
      retryMaxMs: 1_800_000,
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      connectionMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    staticDir: path.resolve(root, e.STATIC_DIR),
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}
