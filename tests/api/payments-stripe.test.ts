// The Stripe provider through the official SDK, against a local stand-in for the PaymentIntents API,
// and the signed webhook: valid, bad signature, replayed, out of order (docs/architecture.md, "Payments").

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { placeOrder } from '../helpers/orders';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const WEBHOOK_SECRET = 'whsec_test_forgeline_webhook_secret';
const stripe = new Stripe('sk_test_forgeline');

describeEachDatabase('payments (Stripe)', (kind) => {
  // The stand-in starts before the app, which is configured with its address, and stops after it.
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const {
    t,
    users: { dealer, other, admin },
  } = useTestApp(kind, {
    config: () => ({
      payments: { provider: 'stripe', secretKey: 'sk_test_forgeline', publishableKey: 'pk_test_forgeline', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
    }),
    users: { dealer: {}, other: {}, admin: { admin: true } },
  });
  let productId: string;

  beforeAll(async () => {
    productId = await t.createProduct({ price: 149, available: 10_000, minOrder: 1 });
  });

  const newOrder = (user: TestUser = dealer, orderQuantity = 3) => placeOrder(t, user, { productId, orderQuantity });
  const read = async (id: string) =>
    (await t.app.inject({ url: `/api/order/${id}`, headers: dealer.auth })).json() as { status: string; transactionId: string | null };
  const startPayment = async (orderId: string, user: TestUser = dealer) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user.auth, payload: { orderId } });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret } = res.json() as { clientSecret: string };
    return { clientSecret, intentId: clientSecret.replace(/_secret_.*$/u, '') };
  };
  const confirm = (orderId: string, transactionId: string, user: TestUser = dealer) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: user.auth, payload: { transactionId } });

  /** Sends a webhook the way Stripe does: JSON bytes and a Stripe-Signature header over exactly those bytes. */
  const deliver = (event: Record<string, unknown>, options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'stripe-signature': header, 'content-type': 'application/json; charset=utf-8' },
      payload: options.tamper ? payload.replace('"amount":', '"amount": ') : payload,
    });
  };
  const intentEvent = (
    type: string,
    intent: { id: string; amount: number; status: string; orderId: string },
    id = `evt_${randomUUID().replaceAll('-', '')}`,
  ) => ({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'usd', status: intent.status, metadata: { orderId: intent.orderId } },
    },
  });

  describe('the deposit of an order on account (docs/decisions/047)', () => {
    it('asks Stripe for the deposit alone, and the webhook records it paid once, never the order Paid', async () => {
      const [company] = await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${other.id}::uuid`);
      const terms = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${company?.id ?? ''}/terms`,
        headers: admin.auth,
        payload: { paymentTerms: 'net30', creditLimit: 10_000_000, poRequired: false, depositPercent: 25 },
      });
      expect(terms.statusCode, terms.body).toBe(200);
      // 3 pcs. at $149 is $447.00: a deposit of $111.75.
      const id = await placeOrder(t, other, { productId, orderQuantity: 3 });
      const { intentId } = await startPayment(id, other);
      expect(fake.intents.get(intentId)).toMatchObject({ amount: 11_175, currency: 'usd', metadata: { orderId: id } });
      expect(fake.intents.get(intentId)?.capture_method).not.toBe('manual');

      // An event for the order's whole amount is not this deposit's.
      const whole = await deliver(intentEvent('payment_intent.succeeded', { id: intentId, amount: 44_700, status: 'succeeded', orderId: id }));
      expect(whole.json()).toMatchObject({ outcome: 'ignored' });
      const event = intentEvent('payment_intent.succeeded', { id: intentId, amount: 11_175, status: 'succeeded', orderId: id });
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
      const order = (await t.app.inject({ url: `/api/order/${id}`, headers: other.auth })).json() as { status: string; depositPaidAt: string | null };
      expect(order.status).toBe('Confirmed');
      expect(order.depositPaidAt).not.toBeNull();
      // The payment page confirming after the webhook is a success that changes nothing.
      fake.succeed(intentId);
      const late = await confirm(id, intentId, other);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).toEqual({ modifiedCount: 0 });
    });
  });

  describe('creating the PaymentIntent', () => {
    it('asks Stripe for totalPrice * 100 cents in USD with metadata.orderId and an idempotency key', async () => {
      const id = await newOrder(dealer, 3);
      const { clientSecret, intentId } = await startPayment(id);
      const intent = fake.intents.get(intentId);
      expect(intent).toMatchObject({ amount: 44_700, currency: 'usd', metadata: { orderId: id }, client_secret: clientSecret });
      const create = fake.calls.find((c) => c.method === 'POST' && c.form.get('metadata[orderId]') === id);
      expect(create?.idempotencyKey).toBe(`order-${id}-after-none`);
      expect(create?.authorization).toBe('Bearer sk_test_forgeline');
      expect(create?.form.get('payment_method_types[0]')).toBe('card');
    });

    it('reuses the open intent when the payment page is opened again', async () => {
      const id = await newOrder();
      const first = await startPayment(id);
      const creates = () => fake.calls.filter((c) => c.method === 'POST' && c.form.get('metadata[orderId]') === id).length;
      const second = await startPayment(id);
      expect(second.clientSecret).toBe(first.clientSecret);
      expect(creates()).toBe(1);
    });

    it('notices an earlier payment that succeeded but was never confirmed, and marks the order Paid', async () => {
      const id = await newOrder();
      const { intentId } = await startPayment(id);
      fake.succeed(intentId);
      const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: dealer.auth, payload: { orderId: id } });
      expect(res.statusCode).toBe(409);
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId: intentId });
    });

    it('answers 503 in our error shape when Stripe fails, and leaks nothing of it', async () => {
      const id = await newOrder();
      fake.failNext(500, 3);
      const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: dealer.auth, payload: { orderId: id } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'unavailable' } });
      expect(res.body).not.toContain('fake Stripe');
      expect(res.body).not.toContain('sk_test');
    });
  });

  describe('confirming with PATCH /api/order/{id}', () => {
    it('marks Paid only once Stripe says the intent succeeded for this order and amount', async () => {
      const id = await newOrder();
      const { intentId } = await startPayment(id);
      const early = await confirm(id, intentId);
      expect(early.statusCode).toBe(402);
      expect(early.json()).toMatchObject({ error: { code: 'payment_failed', message: 'The payment has not gone through (requires payment method).' } });
      fake.succeed(intentId);
      const res = await confirm(id, intentId);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId: intentId });
    });

    it('refuses a succeeded intent for the wrong amount or for another order, and an unknown intent', async () => {
      const id = await newOrder(dealer, 3);
      const short = fake.addIntent({ amount: 100, orderId: id, status: 'succeeded' });
      const euros = fake.addIntent({ amount: 44_700, orderId: id, status: 'succeeded', currency: 'eur' });
      const otherOrder = await newOrder(dealer, 3);
      const elsewhere = fake.addIntent({ amount: 44_700, orderId: otherOrder, status: 'succeeded' });
      const noOrder = fake.addIntent({ amount: 44_700, orderId: '', status: 'succeeded' });
      for (const [intent, message] of [
        [short.id, 'The amount paid does not match the order total.'],
        [euros.id, 'The amount paid does not match the order total.'],
        [elsewhere.id, 'That payment belongs to another order.'],
        [noOrder.id, 'That payment belongs to another order.'],
        ['pi_does_not_exist', 'That payment was not found.'],
      ] as const) {
        const res = await confirm(id, intent);
        expect(res.statusCode, intent).toBe(402);
        expect(res.json()).toMatchObject({ error: { code: 'payment_failed', message } });
      }
      expect((await read(id)).status).toBe('Unpaid');
    });

    it("refuses to confirm someone else's order", async () => {
      const id = await newOrder(other);
      const { intentId } = await startPayment(id, other);
      fake.succeed(intentId);
      expect((await confirm(id, intentId, dealer)).statusCode).toBe(404);
      expect((await confirm(id, intentId, admin)).statusCode).toBe(404);
    });
  });

  describe('an order that holds no stock (an account not trusted yet)', () => {
    it('authorises the card only, takes the stock, then captures it once', async () => {
      const newcomer = await t.createUser({ trusted: false });
      const tool = await t.createProduct({ price: 149, available: 40, minOrder: 1 });
      const id = await placeOrder(t, newcomer, { productId: tool, orderQuantity: 4 });
      const { intentId } = await startPayment(id, newcomer);
      expect(fake.intents.get(intentId)?.capture_method).toBe('manual');
      fake.succeed(intentId);
      expect(fake.intents.get(intentId)?.status).toBe('requires_capture');

      expect((await confirm(id, intentId, newcomer)).json()).toEqual({ modifiedCount: 1 });
      expect(fake.intents.get(intentId)?.status).toBe('succeeded');
      expect(fake.calls.filter((c) => c.path === `/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
      const tools = (await t.app.inject({ url: `/api/products/${tool}` })).json() as { availableQnt: number };
      expect(tools.availableQnt).toBe(36);
    });

    it('is charged from the webhook when the payment page never reports back', async () => {
      const newcomer = await t.createUser({ trusted: false });
      const id = await placeOrder(t, newcomer, { productId, orderQuantity: 2 });
      const { intentId } = await startPayment(id, newcomer);
      fake.succeed(intentId);
      const event = intentEvent('payment_intent.amount_capturable_updated', { id: intentId, amount: 29_800, status: 'requires_capture', orderId: id });
      const res = await deliver(event);
      expect(res.json()).toEqual({ received: true, outcome: 'applied' });
      expect(fake.intents.get(intentId)?.status).toBe('succeeded');
      expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
      const order = (await t.app.inject({ url: `/api/order/${id}`, headers: newcomer.auth })).json() as { status: string };
      expect(order.status).toBe('Paid');
    });
  });

  describe('the webhook', () => {
    it('marks the order Paid on a valid payment_intent.succeeded', async () => {
      const id = await newOrder(dealer, 2);
      const { intentId } = await startPayment(id);
      const res = await deliver(intentEvent('payment_intent.succeeded', { id: intentId, amount: 29_800, status: 'succeeded', orderId: id }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId: intentId });
      // The payment page's confirmation, arriving after the webhook, is still a success.
      const late = await confirm(id, intentId);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({ modifiedCount: 0 });
    });

    it('refuses a bad signature, a wrong secret, a tampered body and a stale timestamp with 400', async () => {
      const id = await newOrder();
      const event = intentEvent('payment_intent.succeeded', { id: 'pi_forged', amount: 44_700, status: 'succeeded', orderId: id });
      const attempts = [
        deliver(event, { secret: 'whsec_someone_else' }),
        deliver(event, { tamper: true }),
        deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) }),
        t.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
          payload: JSON.stringify(event),
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data' } });
      }
      expect((await read(id)).status).toBe('Unpaid');
    });

    it('applies a replayed event once', async () => {
      const id = await newOrder(dealer, 1);
      const { intentId } = await startPayment(id);
      const event = intentEvent('payment_intent.succeeded', { id: intentId, amount: 14_900, status: 'succeeded', orderId: id });
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth })).statusCode).toBe(200);
      const replay = await deliver(event);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
      expect((await read(id)).status).toBe('Shipped');
    });

    it('never moves an order back when events arrive out of order', async () => {
      const id = await newOrder(dealer, 1);
      const { intentId } = await startPayment(id);
      const intent = { id: intentId, amount: 14_900, orderId: id };
      expect((await deliver(intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' }))).json()).toMatchObject({ outcome: 'applied' });
      for (const [type, status] of [
        ['payment_intent.processing', 'processing'],
        ['payment_intent.payment_failed', 'requires_payment_method'],
        ['payment_intent.created', 'requires_payment_method'],
      ]) {
        const res = await deliver(intentEvent(type ?? '', { ...intent, status: status ?? '' }));
        expect(res.json()).toMatchObject({ outcome: 'ignored' });
      }
      // A second, different succeeded event for the same order changes nothing either.
      const other = await deliver(intentEvent('payment_intent.succeeded', { ...intent, id: 'pi_another_one', status: 'succeeded' }));
      expect(other.json()).toMatchObject({ outcome: 'ignored' });
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId: intentId });
    });

    it('ignores a succeeded event whose amount does not match the order', async () => {
      const id = await newOrder(dealer, 5);
      const res = await deliver(intentEvent('payment_intent.succeeded', { id: 'pi_short', amount: 100, status: 'succeeded', orderId: id }));
      expect(res.json()).toMatchObject({ outcome: 'ignored' });
      expect((await read(id)).status).toBe('Unpaid');
    });

    it('keeps JSON parsing for every other route (the raw body stays inside the webhook plugin)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { ...dealer.auth, 'content-type': 'application/json' },
        payload: '{"orderId":"nope"}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data' } });
    });
  });
});

describe('webhook endpoint when Stripe is not fully configured', () => {
  it('is 404 with the sandbox, and 503 without a webhook secret', async () => {
    const sandbox = await createTestApp('pglite');
    const noSecret = await createTestApp('pglite', {
      payments: { provider: 'stripe', secretKey: 'sk_test_forgeline', publishableKey: 'pk_test_forgeline', webhookSecret: null, apiBase: 'http://127.0.0.1:9' },
    });
    try {
      const request = {
        method: 'POST' as const,
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: '{}',
      };
      expect((await sandbox.app.inject(request)).statusCode).toBe(404);
      expect((await noSecret.app.inject(request)).statusCode).toBe(503);
      expect((await noSecret.app.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: {} })).statusCode).toBe(404);
    } finally {
      await sandbox.close();
      await noSecret.close();
    }
  });
});
