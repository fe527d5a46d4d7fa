// The deposit of an order on account (docs/decisions/047-deposits-on-account.md): a whole percentage of the
// gross, rounded half up to the minor unit once, never more than the gross; what is due by card now, and
// what the invoice asks for afterwards.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositOn, MAX_DEPOSIT_PERCENT } from '../../src/contract/account-terms';
import { dueByCard, invoiceBalance, type Order } from '../../src/contract/order';

describe('depositOn', () => {
  it('rounds half up to the minor unit', () => {
    expect(depositOn(100_000, 30)).toBe(30_000);
    expect(depositOn(4_950, 15)).toBe(743); // 742.5
    expect(depositOn(4_930, 15)).toBe(740); // 739.5
    expect(depositOn(1, 49)).toBe(0); // 0.49
    expect(depositOn(1, 50)).toBe(1); // 0.5
    expect(depositOn(12_345, 0)).toBe(0);
  });

  it('is a share of the gross, and deposit and balance add up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_900 * 2 }), fc.integer({ min: 0, max: MAX_DEPOSIT_PERCENT }), (gross, percent) => {
        const deposit = depositOn(gross, percent);
        expect(Number.isInteger(deposit)).toBe(true);
        expect(deposit).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeLessThanOrEqual(gross);
        expect(Math.abs(deposit * 100 - gross * percent)).toBeLessThanOrEqual(50);
        expect(invoiceBalance({ totalMinor: gross, currency: 'USD', totalPrice: 0, depositMinor: deposit }) + deposit).toBe(gross);
      }),
    );
  });
});

describe('dueByCard', () => {
  const order = (fields: Partial<Order>) =>
    ({ totalMinor: 100_000, currency: 'EUR', totalPrice: 1000, status: 'Confirmed', depositMinor: 30_000, depositPaidAt: null, ...fields }) as Order;

  it('asks for the gross of an unpaid card order and the deposit of a confirmed order on account', () => {
    expect(dueByCard(order({ status: 'Unpaid', depositMinor: undefined }))).toEqual({ minor: 100_000, kind: 'order' });
    expect(dueByCard(order({}))).toEqual({ minor: 30_000, kind: 'deposit' });
  });

  it('asks for nothing once the deposit is paid, while the order is on hold, or without a deposit', () => {
    expect(dueByCard(order({ depositPaidAt: '2026-11-27T10:00:00.000Z' }))).toBeNull();
    expect(dueByCard(order({ status: 'On hold' }))).toBeNull();
    expect(dueByCard(order({ depositMinor: 0 }))).toBeNull();
    expect(dueByCard(order({ status: 'Shipped', depositPaidAt: '2026-11-27T10:00:00.000Z' }))).toBeNull();
  });
});
