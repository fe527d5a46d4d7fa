// The environment, parsed once at start-up (STYLE 6). Nothing else in the server reads process.env.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

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
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}$/u, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );

const nonEmpty = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(port, '3000'),
  HOST: v.optional(nonEmpty, '0.0.0.0'),
  DATA_DIR: v.optional(nonEmpty, './data'),
  /** The built PWA to serve: a build kept apart from dist/ can be served while dist/ is rebuilt. */
  STATIC_DIR: v.optional(nonEmpty, './dist'),
  DATABASE_URL: v.optional(v.pipe(nonEmpty, v.regex(/^postgres(ql)?:\/\//u, 'must be a postgres:// URL'))),
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
});

export type Env = v.InferOutput<typeof EnvSchema>;

export type FirebaseConfig =
  | { mode: 'emulator'; projectId: string; apiKey: string; authDomain: string; emulatorHost: string; emulatorPort: number }
  | { mode: 'project'; projectId: string; apiKey: string; authDomain: string };

export type PaymentsConfig =
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | null; apiBase: string | null }
  | { provider: 'sandbox' };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite in dataDir. */
  databaseUrl: string | null;
  accessTokenSecret: string;
  accessTokenTtlSeconds: number;
  adminEmails: string[];
  firebase: FirebaseConfig;
  payments: PaymentsConfig;
  seed: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  rateLimits: { tokenPerMinute: number; ordersPerMinute: number };
  /** Where the built PWA is served from; null serves the API only. */
  staticDir: string | null;
  uploadsDir: string;
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
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
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
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimits: { tokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE, ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE },
    staticDir: path.resolve(root, e.STATIC_DIR),
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}
