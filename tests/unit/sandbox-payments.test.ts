import { describe, expect, it } from 'vitest';
import { intentAuthorisesFor, intentPaysFor } from '../../server/payments/provider';
import { checkTestCard, passesLuhn, sandboxProvider } from '../../server/payments/sandbox';
import type { SandboxDecision, SandboxIntentStore } from '../../server/repositories/sandbox-intents';

const now = new Date(Date.UTC(2026, 5, 15));
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

describe('Luhn check', () => {
  it('accepts valid numbers and refuses one digit off', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe("the sandbox's test cards", () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4242-4242-4242-4242', null],
    ['5555555555554444', null],
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4242424242424241', 'Your card number is invalid.'],
    ['4242abcd42424242', 'Your card number is invalid.'],
    ['42424242', 'Your card number is incomplete.'],
    ['4111111111111111', expect.stringMatching(/^Your card was declined\. Your request was in test mode, but used a non test card/u)],
  ])('%s -> %s', (number, message) => {
    const result = checkTestCard(card(number), now);
    if (message === null) expect(result).toBeNull();
    else expect(result?.message).toEqual(message);
  });

  it('checks the expiry date against today', () => {
    expect(checkTestCard(card('4242424242424242', { expMonth: 6, expYear: 2026 }), now)).toBeNull();
    expect(checkTestCard(card('4242424242424242', { expMonth: 6, expYear: 26 }), now)).toBeNull();
    expect(checkTestCard(card('4242424242424242', { expMonth: 5, expYear: 2026 }), now)?.message).toBe("Your card's expiration date is in the past.");
    expect(checkTestCard(card('4242424242424242', { expYear: 2025 }), now)?.message).toBe("Your card's expiration year is in the past.");
    expect(checkTestCard(card('4242424242424242', { expMonth: 13 }), now)?.message).toBe("Your card's expiration month is invalid.");
    expect(checkTestCard(card('4242424242424242', { expYear: 2099 }), now)?.message).toBe("Your card's expiration year is invalid.");
  });

  it('wants 3 CVC digits, or 4 for American Express', () => {
    expect(checkTestCard(card('4242424242424242', { cvc: '12' }), now)?.message).toBe("Your card's security code is incomplete.");
    expect(checkTestCard(card('4242424242424242', { cvc: '1234' }), now)?.message).toBe("Your card's security code is invalid.");
    expect(checkTestCard(card('378282246310005', { cvc: '123' }), now)?.message).toBe("Your card's security code is incomplete.");
    expect(checkTestCard(card('378282246310005', { cvc: '1234' }), now)).toBeNull();
  });
});

/** The database store's rule in memory: the first decision for an intent stands; an authorised one moves on once. */
function memoryStore(): SandboxIntentStore {
  const decisions = new Map<string, SandboxDecision>();
  return {
    find: async (id) => decisions.get(id) ?? null,
    decide: async (id, decision) => {
      if (!decisions.has(id)) decisions.set(id, decision);
      return decisions.get(id) ?? decision;
    },
    settleAuthorized: async (id, decision) => {
      if (decisions.get(id) === 'authorized') decisions.set(id, decision);
      return decisions.get(id) ?? null;
    },
  };
}

describe('sandbox intents', () => {
  const order = { id: '0b6f4c1e-8f7a-4c2b-9d3e-5a6b7c8d9e0f', totalMinor: 25_000, currency: 'USD', paymentIntentId: null, captureLater: false };

  it('carry the order and amount, and succeed only through confirm with a good card', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const { clientSecret, intentId } = await provider.createIntent(order);
    const open = await provider.retrieve(intentId);
    expect(open).toMatchObject({ status: 'requires_payment_method', amount: 25_000, currency: 'usd', orderId: order.id });
    expect(intentPaysFor(open, order)).toBe(false);

    const declined = await provider.confirm({ clientSecret, card: card('4000000000000002') }, now);
    expect(declined).toEqual({ error: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' } });

    const result = await provider.confirm({ clientSecret, card: card('4242424242424242') }, now);
    if (!('paymentIntent' in result)) throw new Error('expected a payment intent');
    const paid = await provider.retrieve(result.paymentIntent.id);
    expect(paid).toMatchObject({ status: 'succeeded', amount: 25_000, orderId: order.id });
    expect(intentPaysFor(paid, order)).toBe(true);
    expect(intentPaysFor(paid, { ...order, totalMinor: 25_001 })).toBe(false);
  });

  it('carry the currency of an order priced in another, and pay it only in that currency', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const euros = { ...order, totalMinor: 32_043, currency: 'EUR' };
    const { clientSecret, intentId } = await provider.createIntent(euros);
    expect(intentId).toMatch(/_32043eur_/u);
    const result = await provider.confirm({ clientSecret, card: card('4242424242424242') }, now);
    if (!('paymentIntent' in result)) throw new Error('expected a payment intent');
    const paid = await provider.retrieve(result.paymentIntent.id);
    expect(paid).toMatchObject({ status: 'succeeded', amount: 32_043, currency: 'eur' });
    expect(intentPaysFor(paid, euros)).toBe(true);
    expect(intentPaysFor(paid, { ...euros, currency: 'USD' })).toBe(false);
  });

  it('are one per order and amount, and a cancelled one can no longer be paid', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const first = await provider.createIntent(order);
    expect((await provider.createIntent(order)).intentId).toBe(first.intentId);
    expect((await provider.createIntent({ ...order, totalMinor: 30_000 })).intentId).not.toBe(first.intentId);
    expect(await provider.cancel(first.intentId)).toMatchObject({ status: 'canceled' });
    expect(await provider.confirm({ clientSecret: first.clientSecret, card: card('4242424242424242') }, now)).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
  });

  it('answer a cancel after a payment with the payment', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const { clientSecret, intentId } = await provider.createIntent(order);
    await provider.confirm({ clientSecret, card: card('4242424242424242') }, now);
    const settled = await provider.cancel(intentId);
    expect(settled).toMatchObject({ status: 'succeeded', orderId: order.id });
    expect(intentPaysFor(settled, order)).toBe(true);
    expect(await provider.retrieve(intentId)).toMatchObject({ status: 'succeeded', id: settled.id });
  });

  it('made to capture later, only authorise the card until the server captures them', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const later = { ...order, captureLater: true };
    const { clientSecret, intentId } = await provider.createIntent(later);
    expect(intentId).not.toBe((await provider.createIntent(order)).intentId);
    await expect(provider.capture(intentId)).rejects.toThrow('This payment cannot be charged (requires payment method).');

    const result = await provider.confirm({ clientSecret, card: card('4242424242424242') }, now);
    expect(result).toEqual({ paymentIntent: { id: intentId, status: 'requires_capture' } });
    const authorised = await provider.retrieve(intentId);
    expect(authorised).toMatchObject({ status: 'requires_capture', amount: 25_000, orderId: order.id });
    expect(intentPaysFor(authorised, order)).toBe(false);
    expect(intentAuthorisesFor(authorised, order)).toBe(true);
    expect(intentAuthorisesFor(authorised, { ...order, totalMinor: 25_001 })).toBe(false);

    const captured = await provider.capture(intentId);
    expect(intentPaysFor(captured, order)).toBe(true);
    // Captured once: again answers the same payment; a cancel now answers with the payment too.
    expect(await provider.capture(intentId)).toEqual(captured);
    expect(await provider.cancel(intentId)).toEqual(captured);
  });

  it('made to capture later and cancelled while authorised, can no longer be captured', async () => {
    const provider = sandboxProvider('unit-test-secret', memoryStore());
    const { clientSecret, intentId } = await provider.createIntent({ ...order, captureLater: true });
    await provider.confirm({ clientSecret, card: card('4242424242424242') }, now);
    expect(await provider.cancel(intentId)).toMatchObject({ status: 'canceled' });
    await expect(provider.capture(intentId)).rejects.toThrow('This payment cannot be charged (canceled).');
    // An intent that charged at once has nothing to capture and is not charged twice by it.
    const direct = await provider.createIntent(order);
    await expect(provider.capture(direct.intentId)).rejects.toThrow('(requires payment method)');
  });

  it('cannot be forged without the server secret', async () => {
    const mine = sandboxProvider('secret-one', memoryStore());
    const theirs = sandboxProvider('secret-two', memoryStore());
    const { clientSecret } = await theirs.createIntent(order);
    expect(await mine.confirm({ clientSecret, card: card('4242424242424242') }, now)).toMatchObject({ error: { code: 'resource_missing' } });
    const result = await theirs.confirm({ clientSecret, card: card('4242424242424242') }, now);
    if (!('paymentIntent' in result)) throw new Error('expected a payment intent');
    await expect(mine.retrieve(result.paymentIntent.id)).rejects.toThrow('That payment was not found.');
    await expect(mine.retrieve('pi_made_up')).rejects.toThrow('That payment was not found.');
  });
});
