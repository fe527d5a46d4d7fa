import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { purchaseFormSchema } from '../../src/contract/order';
import { displayTotal } from '../../src/contract/pricing';
import * as v from 'valibot';
import { orderRefusal, refusalMessage } from '../../src/api/order-refusal';
import { parseExpiry } from '../../src/features/payment/sandbox-card-form';

const product = { _id: 'p1', name: 'Saw', description: 'd', imageUrl: '/x.webp', price: 120, availableQnt: 40, minOrderQnt: 10 };

describe('orderRefusal', () => {
  const saw = { productId: 'p1', code: 'price_changed' as const, message: 'Now $130 each.', product };
  const drill = { productId: 'p2', code: 'out_of_stock' as const, message: 'Only 3 pcs. are in stock.' };

  it('reads every refused line of a 409, with its code and the current product', () => {
    const error = new ApiError(409, 'price_changed', '2 lines cannot be ordered as they are.', { lines: [saw, drill] });
    expect(orderRefusal(error)).toEqual({ code: 'price_changed', message: '2 lines cannot be ordered as they are.', lines: [saw, drill] });
  });

  it("speaks with the line's reason for an order of one tool, with the server's message for several", () => {
    const refusal = orderRefusal(
      new ApiError(409, 'out_of_stock', 'One line cannot be ordered as it is. Drill: Only 3 pcs. are in stock.', { lines: [drill] }),
    );
    expect(refusal && refusalMessage(refusal, 1)).toBe('Only 3 pcs. are in stock.');
    expect(refusal && refusalMessage(refusal, 2)).toBe('One line cannot be ordered as it is. Drill: Only 3 pcs. are in stock.');
  });

  it('is null for anything else', () => {
    expect(orderRefusal(new ApiError(409, 'unpaid_limit', 'x'))).toBeNull();
    expect(orderRefusal(new ApiError(409, 'out_of_stock', 'x', { lines: [] }))).toBeNull();
    expect(orderRefusal(new ApiError(400, 'price_changed', 'x', { lines: [drill] }))).toBeNull();
    expect(orderRefusal(new NetworkError())).toBeNull();
    expect(orderRefusal(new Error('x'))).toBeNull();
  });
});

describe('the purchase form rules', () => {
  const schema = purchaseFormSchema({ minOrderQnt: 10, availableQnt: 40 });
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
