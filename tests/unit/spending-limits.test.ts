// The one rule of when a buyer's order waits for an approver (src/contract/spending-limits.ts, docs/decisions/055).

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApprovalDecisionBodySchema, limitExceeded, limitReason, SpendingLimitSchema } from '../../src/contract/spending-limits';

const none = { orderLimitMinor: null, monthlyLimitMinor: null };

describe('limitExceeded', () => {
  it('lets every order through without limits', () => {
    expect(limitExceeded(none, 10_000_000, 99_000_000)).toBeNull();
  });

  it('holds an order above the per-order limit, not one equal to it', () => {
    const limits = { ...none, orderLimitMinor: 50_000 };
    expect(limitExceeded(limits, 50_000, 0)).toBeNull();
    expect(limitExceeded(limits, 50_001, 0)).toEqual({ limitKind: 'order', limitMinor: 50_000, spentMinor: 0 });
  });

  it('holds an order that takes the month over its limit, counting what was spent before it', () => {
    const limits = { ...none, monthlyLimitMinor: 120_000 };
    expect(limitExceeded(limits, 10_000, 110_000)).toBeNull();
    expect(limitExceeded(limits, 10_001, 110_000)).toEqual({ limitKind: 'month', limitMinor: 120_000, spentMinor: 110_000 });
    expect(limitExceeded(limits, 1, 120_000)).toEqual({ limitKind: 'month', limitMinor: 120_000, spentMinor: 120_000 });
  });

  it('names the order limit first when both are exceeded', () => {
    expect(limitExceeded({ orderLimitMinor: 100, monthlyLimitMinor: 150 }, 200, 100)).toMatchObject({ limitKind: 'order' });
  });
});

describe('the approval bodies', () => {
  it('takes limits as positive whole minor units or null', () => {
    expect(v.safeParse(SpendingLimitSchema, null).success).toBe(true);
    expect(v.safeParse(SpendingLimitSchema, 1).success).toBe(true);
    for (const bad of [0, -1, 1.5, '100', Number.MAX_SAFE_INTEGER]) expect(v.safeParse(SpendingLimitSchema, bad).success).toBe(false);
  });

  it('asks a decline for its reason, and every decision for its id', () => {
    const id = '3f0c6f43-3c55-4a3e-9a9e-3e0f2b1f6a10';
    expect(v.safeParse(ApprovalDecisionBodySchema, { decision: 'approve', decisionId: id }).success).toBe(true);
    expect(v.safeParse(ApprovalDecisionBodySchema, { decision: 'decline', decisionId: id }).success).toBe(false);
    expect(v.safeParse(ApprovalDecisionBodySchema, { decision: 'decline', reason: '  ', decisionId: id }).success).toBe(false);
    expect(v.safeParse(ApprovalDecisionBodySchema, { decision: 'decline', reason: 'Next month', decisionId: id }).success).toBe(true);
    expect(v.safeParse(ApprovalDecisionBodySchema, { decision: 'approve' }).success).toBe(false);
  });

  it('says which limit in the buyer’s words', () => {
    const money = (minor: number) => `$${minor / 100}`;
    expect(limitReason({ limitKind: 'order', limitMinor: 50_000, spentMinor: 0 }, money)).toBe('Over the limit of $500 per order');
    expect(limitReason({ limitKind: 'month', limitMinor: 120_000, spentMinor: 110_000 }, money)).toBe(
      'Over the monthly limit of $1200 ($1100 ordered earlier this month)',
    );
  });
});
