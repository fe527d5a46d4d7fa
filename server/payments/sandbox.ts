// The built-in sandbox processor (docs/architecture.md, "Payments"): with no Stripe keys the server plays
// the card processor and honours Stripe's documented test cards, so the whole buying path works on one
// machine.
//
// Intents are signed: the id carries the order and the amount, and only this server can mint the client
// secret and the "succeeded" id (HMAC). One intent per order and amount, like Stripe's reuse of an open
// intent. What became of an intent (paid, or cancelled because its order was deleted first) is kept in the
// database, so every process behind a load balancer agrees on it and the first decision stands.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardPaymentResult, SandboxConfirmBody } from '../../src/contract/payment';
import type { SandboxDecision, SandboxIntentStore } from '../repositories/sandbox-intents';
import { PaymentLookupError, PaymentProviderError, type ChargeableOrder, type CreatedIntent, type PaymentProvider, type RetrievedIntent } from './provider';

export interface CardDecline {
  message: string;
  code: string;
  declineCode?: string;
}

/** Stripe's test cards that succeed (https://docs.stripe.com/testing#cards). */
const SUCCEEDING_TEST_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

/** Stripe's test cards that are declined, with Stripe's own messages. */
const DECLINING_TEST_CARDS: Record<string, CardDecline> = {
  '4000000000000002': { message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': { message: 'Your card has insufficient funds.', code: 'card_declined', declineCode: 'insufficient_funds' },
  '4000000000000069': { message: 'Your card has expired.', code: 'expired_card' },
  '4000000000000127': { message: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
};

const NOT_A_TEST_CARD: CardDecline = {
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What the sandbox processor answers for a card: null when the charge goes through. */
export function checkTestCard(card: SandboxConfirmBody['card'], now = new Date()): CardDecline | null {
  const digits = card.number.replace(/[\s-]/gu, '');
  if (!/^\d*$/u.test(digits)) return { message: 'Your card number is invalid.', code: 'invalid_number' };
  if (digits.length < 12) return { message: 'Your card number is incomplete.', code: 'incomplete_number' };
  if (digits.length > 19 || !passesLuhn(digits)) return { message: 'Your card number is invalid.', code: 'invalid_number' };

  if (card.expMonth < 1 || card.expMonth > 12) return { message: "Your card's expiration month is invalid.", code: 'invalid_expiry_month' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return { message: "Your card's expiration year is in the past.", code: 'invalid_expiry_year_past' };
  if (year > thisYear + 50) return { message: "Your card's expiration year is invalid.", code: 'invalid_expiry_year' };
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1)
    return { message: "Your card's expiration date is in the past.", code: 'invalid_expiry_month_past' };

  const amex = /^3[47]/u.test(digits);
  const cvcLength = amex ? 4 : 3;
  if (!/^\d+$/u.test(card.cvc) || card.cvc.length < cvcLength) return { message: "Your card's security code is incomplete.", code: 'incomplete_cvc' };
  if (card.cvc.length > cvcLength) return { message: "Your card's security code is invalid.", code: 'invalid_cvc' };

  const declined = DECLINING_TEST_CARDS[digits];
  if (declined) return declined;
  return SUCCEEDING_TEST_CARDS.has(digits) ? null : NOT_A_TEST_CARD;
}

// `pi_sbx_` intents charge the card at once; `pi_sbxa_` ones only authorise it, and the server captures them.
// The amount is minor units followed by the currency in lower case, left out for US dollars: `_12900_` is
// $129.00, `_11868eur_` is €118.68.
const INTENT_ID = /^(pi_sbx(a?)_([0-9a-f]{32})_(\d{1,12}(?:[a-z]{3})?)_[0-9a-f]{16})(?:_([0-9a-f]{32}))?$/u;
const CLIENT_SECRET = /^(pi_sbxa?_[0-9a-f]{32}_\d{1,12}(?:[a-z]{3})?_[0-9a-f]{16})_secret_([0-9a-f]{32})$/u;

function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The sandbox's confirmCardPayment: the same answer shape as Stripe.js. */
  confirm(body: SandboxConfirmBody, now?: Date): Promise<CardPaymentResult>;
}

export function sandboxProvider(secret: string, store: SandboxIntentStore): SandboxProvider {
  const mac = (purpose: 'secret' | 'succeeded' | 'intent', core: string) =>
    createHmac('sha256', secret).update(`sandbox-payment:${purpose}:${core}`).digest('hex').slice(0, 32);
  const sameMac = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const STATUS: Record<SandboxDecision, string> = { authorized: 'requires_capture', succeeded: 'succeeded', canceled: 'canceled' };

  function describe(core: string, orderHex: string, cents: string, decision: SandboxDecision | null): RetrievedIntent {
    return {
      id: decision === 'succeeded' ? `${core}_${mac('succeeded', core)}` : core,
      status: decision ? STATUS[decision] : 'requires_payment_method',
      amount: Number.parseInt(cents, 10),
      currency: /[a-z]{3}$/u.exec(cents)?.[0] ?? 'usd',
      orderId: uuidFromHex(orderHex),
    };
  }

  function parse(intentId: string): { core: string; orderHex: string; cents: string; signature: string | undefined; captureLater: boolean } {
    const match = INTENT_ID.exec(intentId);
    if (!match) throw new PaymentLookupError();
    const [, core = '', later = '', orderHex = '', cents = '', signature] = match;
    if (signature !== undefined && !sameMac(signature, mac('succeeded', core))) throw new PaymentLookupError();
    return { core, orderHex, cents, signature, captureLater: later === 'a' };
  }

  return {
    name: 'sandbox',

    async createIntent(order: ChargeableOrder): Promise<CreatedIntent> {
      const currency = order.currency.toLowerCase();
      const body = `${order.id.replaceAll('-', '')}_${order.totalMinor}${currency === 'usd' ? '' : currency}`;
      const prefix = order.captureLater ? 'pi_sbxa' : 'pi_sbx';
      const core = `${prefix}_${body}_${mac('intent', `${prefix}_${body}`).slice(0, 16)}`;
      return { intentId: core, clientSecret: `${core}_secret_${mac('secret', core)}` };
    },

    async retrieve(intentId: string): Promise<RetrievedIntent> {
      const { core, orderHex, cents, signature } = parse(intentId);
      // A signed "succeeded" id is proof of the payment by itself; a bare one is looked up.
      const decision = signature !== undefined ? 'succeeded' : await store.find(core);
      return describe(core, orderHex, cents, decision);
    },

    async cancel(intentId: string): Promise<RetrievedIntent> {
      const { core, orderHex, cents } = parse(intentId);
      const first = await store.decide(core, 'canceled');
      return describe(core, orderHex, cents, first === 'authorized' ? await store.settleAuthorized(core, 'canceled') : first);
    },

    async capture(intentId: string): Promise<RetrievedIntent> {
      const { core, orderHex, cents, captureLater } = parse(intentId);
      // Only an authorised card is charged here; an intent that charges at once has nothing to capture.
      const decision = captureLater ? await store.settleAuthorized(core, 'succeeded') : await store.find(core);
      const intent = describe(core, orderHex, cents, decision);
      if (intent.status !== 'succeeded') throw new PaymentProviderError(`This payment cannot be charged (${intent.status.replaceAll('_', ' ')}).`);
      return intent;
    },

    async confirm(body, now = new Date()) {
      const match = CLIENT_SECRET.exec(body.clientSecret);
      if (!match || !sameMac(match[2] ?? '', mac('secret', match[1] ?? ''))) {
        return { error: { message: 'This payment could not be found. Reload the page and try again.', code: 'resource_missing' } };
      }
      const core = match[1] ?? '';
      const decline = checkTestCard(body.card, now);
      if (decline) {
        return { error: { message: decline.message, code: decline.code, ...(decline.declineCode ? { decline_code: decline.declineCode } : {}) } };
      }
      const { captureLater } = parse(core);
      const decision = await store.decide(core, captureLater ? 'authorized' : 'succeeded');
      if (decision === 'canceled') {
        return { error: { message: 'This payment was canceled because its order was deleted.', code: 'payment_intent_unexpected_state' } };
      }
      return decision === 'succeeded'
        ? { paymentIntent: { id: `${core}_${mac('succeeded', core)}`, status: 'succeeded' } }
        : { paymentIntent: { id: core, status: 'requires_capture' } };
    },
  };
}
