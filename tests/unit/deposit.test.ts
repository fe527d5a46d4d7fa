// The deposit of an order on account (docs/decisions/047-deposits-on-account.md): a whole percentage of the
// gross, rounded half up to the minor unit once, never more than the gross; what is due by card now, and
// what the invoice asks for afterwards.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMessages, depositOn, MAX_DEPOSIT_PERCENT, type AccountStanding } from '../../src/contract/account-terms';
import { dueByCard, invoiceBalance, type Order } from '../../src/contract/order';
import { depositFor, depositText, holdReason, placedOnAccount } from '../../src/ui/account-payment';

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

describe('the order forms', () => {
  const standing: AccountStanding = {
    paymentTerms: 'net30',
    creditLimit: 80_000,
    poRequired: false,
    depositPercent: 30,
    currency: 'USD',
    outstanding: 0,
    available: 80_000,
    overdue: 0,
  };
  const account = { company: true, standing };

  it('count the order less its deposit against the credit left, as the server does', () => {
    // $1,000 with a $300 deposit: $700 on account fits the $800 left; $1,200 leaves $840, which does not.
    expect(depositFor(standing, 100_000)).toBe(30_000);
    expect(holdReason(standing, 100_000)).toBeNull();
    expect(holdReason(standing, 120_000)).toBe(accountMessages.overCredit);
    expect(holdReason({ ...standing, depositPercent: 0 }, 100_000)).toBe(accountMessages.overCredit);
    expect(depositFor({ ...standing, paymentTerms: 'card' }, 100_000)).toBe(0);
  });

  it('tell the dealer to pay the deposit once the order is confirmed', () => {
    expect(depositText(account, 100_000)).toBe('$300.00');
    expect(placedOnAccount('Confirmed', null, depositText(account, 100_000))?.description).toBe(
      'Pay its deposit of $300.00 by card in My Orders: it ships once the deposit is paid.',
    );
    expect(placedOnAccount('Confirmed', null, null)?.description).toBe('Its invoice comes when it ships.');
    expect(placedOnAccount('Unpaid', null, '$300.00')).toBeNull();
  });
});
