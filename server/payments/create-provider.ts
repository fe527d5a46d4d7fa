// Picks the payment provider from the configuration: Stripe when its keys are set, else the sandbox.

import type { AppConfig } from '../config';
import type { Tx } from '../db/client';
import { sandboxIntentStore } from '../repositories/sandbox-intents';
import type { PaymentProvider } from './provider';
import { sandboxProvider, type SandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';

export function createPaymentProvider(config: AppConfig, db: Tx): PaymentProvider | SandboxProvider {
  const { payments } = config;
  if (payments.provider === 'stripe') return stripeProvider({ secretKey: payments.secretKey, apiBase: payments.apiBase });
  // The sandbox signs its intents with the server's own secret, under a purpose prefix (see sandbox.ts).
  return sandboxProvider(config.accessTokenSecret, sandboxIntentStore(db));
}
