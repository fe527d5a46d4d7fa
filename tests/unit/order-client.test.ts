import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { purchaseFormSchema } from '../../src/contract/order';
import { displayTotal } from '../../src/contract/pricing';
import * as v from 'valibot';
import { orderConflict } from '../../src/features/orders/place-order';
import { parseExpiry } from '../../src/features/payment/sandbox-card-form';

const product = { _id: 'p1', name: 'Saw', description: 'd', imageUrl: '/x.webp', price: 120, availableQnt: 40, minOrderQnt: 10 };

describe('orderConflict', () => {
  it('reads the code and the current product of a 409 refusal', () => {
    const error = new ApiError(409, 'price_changed', 'The price has changed', { product });
    expect(orderConflict(error)).toEqual({ code: 'price_changed', message: 'The price has changed', product });
    expect(orderConflict(new ApiError(409, 'out_of_stock', 'Only 3 left', {}))).toEqual({ code: 'out_of_stock', message: 'Only 3 left', product: null });
  });

  it('is null for anything else', () => {
    expect(orderConflict(new ApiError(409, 'invalid_state', 'x'))).toBeNull();
    expect(orderConflict(new ApiError(400, 'price_changed', 'x'))).toBeNull();
    expect(orderConflict(new NetworkError())).toBeNull();
    expect(orderConflict(new Error('x'))).toBeNull();
  });
});

describe('the purchase form rules', () => {
  const schema = purchaseFormSchema(10, 40);
  const valid = { userAddress: '1 Quay St', userPhone: '+44 113 496 0000', orderQuantity: 10 };

  it('takes quantities from the minimum to the stock, whole numbers only, with the spec message', () => {
    expect(v.safeParse(schema, valid).success).toBe(true);
    expect(v.safeParse(schema, { ...valid, orderQuantity: 40 }).success).toBe(true);
    for (const orderQuantity of [9, 41, 10.5, Number.NaN, 0, -10]) {
      const result = v.safeParse(schema, { ...valid, orderQuantity });
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe('Quantity should be in 10 to 40.');
    }
  });

  it('requires the address and the phone', () => {
    expect(v.safeParse(schema, { ...valid, userAddress: '  ' }).issues?.[0]?.message).toBe('Address is required');
    expect(v.safeParse(schema, { ...valid, userPhone: '' }).issues?.[0]?.message).toBe('Phone No. is required');
  });

  it('shows the total of the minimum while the quantity is empty', () => {
    expect(displayTotal(undefined, 10, 120)).toBe(1200);
    expect(displayTotal(12, 10, 120)).toBe(1440);
  });
});

describe('parseExpiry', () => {
  it('reads MM / YY and MM/YYYY, and nothing incomplete', () => {
    expect(parseExpiry('12 / 29')).toEqual({ expMonth: 12, expYear: 29 });
    expect(parseExpiry('1/2031')).toEqual({ expMonth: 1, expYear: 2031 });
    for (const text of ['', '12', '12 /', '12/2', 'ab/cd']) expect(parseExpiry(text)).toBeNull();
  });
});
