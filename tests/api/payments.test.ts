// Card payment in the sandbox (docs/architecture.md, "Payments"): intents made from the order, Stripe's test cards,
// and an order that turns Paid only for a payment that succeeded for it, in full.

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { payOrder, placeOrder, sandboxConfirm } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('payments (sandbox)', (kind) => {
  const {
    t,
    users: { dealer, other, admin },
  } = useTestApp(kind, { users: { dealer: { displayName: 'Pat Payer' }, other: {}, admin: { admin: true } } });
  let productId: string;

  beforeAll(async () => {
    productId = await t.createProduct({ price: 125, available: 10_000, minOrder: 1 });
  });

  const newOrder = (user: TestUser = dealer, orderQuantity = 4) => placeOrder(t, user, { productId, orderQuantity });
  const read = async (id: string) =>
    (await t.app.inject({ url: `/api/order/${id}`, headers: dealer.auth })).json() as { status: string; transactionId: string | null };
  const intentFor = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user.auth, payload: { orderId } });
  const confirm = (user: TestUser, orderId: string, transactionId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: user.auth, payload: { transactionId } });

  describe('POST /api/create-payment-intent', () => {
    it('answers a client secret for my unpaid order', async () => {
      const id = await newOrder();
      const res = await intentFor(dealer, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/u) });
    });

    it("refuses someone else's order (404), anonymous (401), and a price in the body (400)", async () => {
      const id = await newOrder();
      expect((await intentFor(other, id)).statusCode).toBe(404);
      expect((await intentFor(admin, id)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: id } })).statusCode).toBe(401);
      const priced = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: dealer.auth, payload: { orderId: id, totalPrice: 1 } });
      expect(priced.statusCode).toBe(400);
      expect(priced.json()).toMatchObject({ error: { message: 'Unknown field "totalPrice" is not allowed' } });
    });

    it('refuses to start a second payment for a paid order', async () => {
      const id = await newOrder();
      await payOrder(t, dealer, id);
      const res = await intentFor(dealer, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_state', message: 'This order is paid already.' } });
    });
  });

  describe("the sandbox processor honours Stripe's test cards", () => {
    const cases: [string, string][] = [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000000000000069', 'Your card has expired.'],
      ['4000000000000127', "Your card's security code is incorrect."],
      ['4242 4242 4242 4241', 'Your card number is invalid.'],
    ];
    it.each(cases)('%s is refused with "%s" and the order stays Unpaid', async (number, message) => {
      const id = await newOrder();
      const result = await sandboxConfirm(t, dealer, id, number);
      expect(result).toEqual({ error: expect.objectContaining({ message }) });
      expect((await read(id)).status).toBe('Unpaid');
    });

    it('4242 4242 4242 4242 succeeds and the order turns Paid with the transaction id', async () => {
      const id = await newOrder();
      const result = await sandboxConfirm(t, dealer, id);
      expect(result).toEqual({ paymentIntent: { id: expect.stringMatching(/^pi_sbx_/u), status: 'succeeded' } });
      const transactionId = result.paymentIntent?.id ?? '';
      const res = await confirm(dealer, id, transactionId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId });
    });

    it('refuses a forged client secret', async () => {
      const id = await newOrder();
      const { clientSecret } = (await intentFor(dealer, id)).json() as { clientSecret: string };
      const forged = clientSecret.replace(/secret_\w+$/u, `secret_${randomBytes(16).toString('hex')}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/confirm',
        headers: dealer.auth,
        payload: { clientSecret: forged, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } },
      });
      expect(res.json()).toMatchObject({ error: { code: 'resource_missing' } });
    });

    it('needs a signed-in user and a well-formed body', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: {} });
      expect(anonymous.statusCode).toBe(401);
      const extra = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/confirm',
        headers: dealer.auth,
        payload: { clientSecret: 'x', card: { number: '1', expMonth: 1, expYear: 1, cvc: '1', pin: '1234' } },
      });
      expect(extra.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/order/{id} marks Paid only after the processor confirms', () => {
    it('refuses an intent that has not succeeded (402) and keeps the order Unpaid', async () => {
      const id = await newOrder();
      const { clientSecret } = (await intentFor(dealer, id)).json() as { clientSecret: string };
      const unconfirmed = clientSecret.replace(/_secret_\w+$/u, '');
      const res = await confirm(dealer, id, unconfirmed);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ error: { code: 'payment_failed' } });
      expect((await read(id)).status).toBe('Unpaid');
    });

    it("refuses to replay another order's successful payment", async () => {
      // Same product, same quantity, same amount: only the order the payment was made for tells them apart.
      const paid = await newOrder(dealer, 4);
      const twin = await newOrder(dealer, 4);
      const paidFor = await payOrder(t, dealer, paid);
      const res = await confirm(dealer, twin, paidFor);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ error: { code: 'payment_failed', message: 'That payment belongs to another order.' } });
      expect((await read(twin)).status).toBe('Unpaid');
    });

    it('refuses a made-up or tampered transaction id', async () => {
      const id = await newOrder();
      const result = await sandboxConfirm(t, dealer, id);
      const real = result.paymentIntent?.id ?? '';
      // Same order, a smaller amount: the signature no longer matches.
      const cheaper = real.replace(/_(\d+)_/u, '_100_');
      for (const transactionId of ['pi_fake_123', cheaper, `${real.slice(0, -4)}0000`]) {
        const res = await confirm(dealer, id, transactionId);
        expect(res.statusCode, transactionId).toBe(402);
      }
      const malformed = await confirm(dealer, id, 'pi_<script>');
      expect(malformed.statusCode).toBe(400);
      expect((await read(id)).status).toBe('Unpaid');
    });

    it("refuses to confirm someone else's order", async () => {
      const id = await newOrder(other);
      const result = await sandboxConfirm(t, other, id);
      const res = await confirm(dealer, id, result.paymentIntent?.id ?? '');
      expect(res.statusCode).toBe(404);
    });

    it('paying twice: the same confirmation again is harmless, a second payment is refused', async () => {
      const id = await newOrder();
      const transactionId = await payOrder(t, dealer, id);
      const again = await confirm(dealer, id, transactionId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ modifiedCount: 0 });

      const second = await newOrder();
      const otherPayment = (await sandboxConfirm(t, dealer, second)).paymentIntent?.id ?? '';
      const res = await confirm(dealer, id, otherPayment);
      expect(res.statusCode).toBe(409);
      expect(await read(id)).toMatchObject({ status: 'Paid', transactionId });
    });

    it('refuses to pay a shipped order, and nothing moves it back', async () => {
      const id = await newOrder();
      const transactionId = await payOrder(t, dealer, id);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth })).statusCode).toBe(200);
      expect((await intentFor(dealer, id)).statusCode).toBe(409);
      const fresh = await newOrder();
      const payment = (await sandboxConfirm(t, dealer, fresh)).paymentIntent?.id ?? '';
      expect((await confirm(dealer, id, payment)).statusCode).toBe(409);
      expect(await read(id)).toMatchObject({ status: 'Shipped', transactionId });
    });
  });
});
