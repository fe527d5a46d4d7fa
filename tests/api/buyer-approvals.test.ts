// Buyer approvals and spending limits (docs/decisions/055-buyer-approvals-and-spending-limits.md): a company admin
// gives a buyer limits per order and per month and names approvers; a buyer's order over a limit waits, holding no
// stock, neither payable nor counted against the credit; an approver approves it (it goes on as it would have) or
// declines it with a reason. Two approvers at once: one wins, the other is told who did. Every decision is audited
// and mailed to the buyer.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { countWaitingFor } from '../../server/repositories/push';
import type { AccountStanding } from '../../src/contract/account-terms';
import type { Member, MyCompany } from '../../src/contract/dealer-company';
import type { Order } from '../../src/contract/order';
import { approvalMessages } from '../../src/contract/spending-limits';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const typed = { userAddress: '12 Harbour Road, Leeds LS1 4AB', userPhone: '+44 113 496 0000' };

describeEachDatabase('buyer approvals and spending limits', (kind) => {
  const {
    t,
    users: { dana, bo, cy, olli, admin },
  } = useTestApp(kind, {
    users: {
      dana: { displayName: 'Dana Admin' },
      bo: { displayName: 'Bo Buyer' },
      cy: { displayName: 'Cy Approver' },
      olli: { displayName: 'Olli Other' },
      admin: { admin: true },
    },
  });

  let productId = '';
  let danaCompany = '';

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const joinAsBuyer = async (user: TestUser) => {
    const own = await companyIdOf(user);
    await t.database.db.execute(sql`update company_members set company_id = ${danaCompany}::uuid, role = 'buyer' where user_id = ${user.id}::uuid`);
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
  };
  const setMember = (by: TestUser, member: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/company/members/${member.id}`, headers: by.auth, payload });
  const place = (user: TestUser, quantity: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines: [{ productId, quantity }], ...typed, clientOrderId: randomUUID(), ...extra },
    });
  const placed = async (user: TestUser, quantity: number, extra: Record<string, unknown> = {}) => {
    const res = await place(user, quantity, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { insertedId: string; status: string };
  };
  const decide = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/approval`, headers: user.auth, payload: { decisionId: randomUUID(), ...payload } });
  const orderOf = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: admin.auth })).json() as Order;
  const available = async () => (await rowsOf<{ n: number }>(t.database.db, sql`select available as n from products where id = ${productId}::uuid`))[0]?.n;
  const mails = async (orderId: string) =>
    (
      await rowsOf<{ kind: string; recipient: string }>(
        t.database.db,
        sql`select kind, recipient from mail_queue where order_id = ${orderId}::uuid order by kind, recipient`,
      )
    ).map((m) => `${m.kind} ${m.recipient}`);
  /** The notifications queued about an order, as `kind e-mail` of the device's owner. */
  const pushes = async (orderId: string) =>
    (
      await rowsOf<{ kind: string; email: string }>(
        t.database.db,
        sql`select q.kind, u.email from push_queue q join push_subscriptions s on s.id = q.subscription_id join users u on u.id = s.user_id
             where q.order_id = ${orderId}::uuid order by q.kind, u.email`,
      )
    ).map((p) => `${p.kind} ${p.email}`);
  const waitingFor = async (user: TestUser) => {
    const res = await t.app.inject({ url: '/api/company/approvals', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order[];
  };

  beforeAll(async () => {
    // $100 a piece: 10 pieces are $1,000, 100,000 cents.
    productId = await t.createProduct({ name: 'Rotary Hammer RH-26', price: 100, available: 1_000, minOrder: 1 });
    danaCompany = await companyIdOf(dana);
    await joinAsBuyer(bo);
    await joinAsBuyer(cy);
    // Members hear of orders at a verified address only.
    await t.database.db.execute(sql`update users set email_verified = true where id in (${dana.id}::uuid, ${bo.id}::uuid, ${cy.id}::uuid)`);
    // Each has notifications on one device (a push service address nothing answers at: only the queue is read).
    for (const user of [dana, bo, cy]) {
      const device = await t.app.inject({
        method: 'PUT',
        url: '/api/push/subscriptions',
        headers: user.auth,
        payload: { endpoint: `http://127.0.0.1:9/push/${user.id}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
      });
      expect(device.statusCode, device.body).toBe(201);
    }
  });

  it('a company admin sets a buyer’s limits and names an approver; the change is audited; buyers and hostile values are refused', async () => {
    const set = await setMember(dana, bo, { orderLimitMinor: 50_000, monthlyLimitMinor: 120_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ orderLimitMinor: 50_000, monthlyLimitMinor: 120_000, isApprover: false });
    expect((await setMember(dana, cy, { isApprover: true })).statusCode).toBe(200);

    const mine = (await t.app.inject({ url: '/api/company', headers: dana.auth })).json() as MyCompany;
    expect(mine.currency).toBe('USD');
    expect(mine.approver).toBe(true);
    expect(mine.members?.find((m: Member) => m.userId === bo.id)).toMatchObject({ orderLimitMinor: 50_000, monthlyLimitMinor: 120_000 });
    expect(((await t.app.inject({ url: '/api/company', headers: bo.auth })).json() as MyCompany).approver).toBe(false);
    expect(((await t.app.inject({ url: '/api/company', headers: cy.auth })).json() as MyCompany).approver).toBe(true);

    const audit = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'member.limits_changed' and subject_id = ${bo.id}`,
    );
    expect(audit[0]?.n).toBe(1);
    for (const payload of [{ orderLimitMinor: 0 }, { orderLimitMinor: -5 }, { monthlyLimitMinor: 1.5 }, { orderLimitMinor: '100' }, { isApprover: 'yes' }]) {
      const bad = await setMember(dana, bo, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A buyer sets nobody's limits, not even their own.
    expect((await setMember(bo, bo, { orderLimitMinor: null })).statusCode).toBe(403);
  });

  it('an order within the limits goes on as always; one over the order limit waits, holding no stock, not payable', async () => {
    const within = await placed(bo, 5);
    expect(within.status).toBe('Unpaid');
    const before = await available();
    const over = await placed(bo, 6);
    expect(over.status).toBe('Awaiting approval');
    expect(await available()).toBe(before);
    const order = await orderOf(over.insertedId);
    expect(order).toMatchObject({ status: 'Awaiting approval', holdsStock: false, statusReason: null });
    expect(order.approval).toMatchObject({ limitKind: 'order', limitMinor: 50_000, spentMinor: 0, decision: null, decidedByName: null });
    const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bo.auth, payload: { orderId: over.insertedId } });
    expect(pay.statusCode).not.toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${over.insertedId}`, headers: bo.auth })).statusCode).toBe(409);
    // The approvers hear of it, never the buyer who placed it; the buyer gets the usual order mail.
    expect(await mails(over.insertedId)).toEqual(
      [`order_approval_waiting ${cy.email}`, `order_approval_waiting ${dana.email}`, `order_placed ${bo.email}`].sort(),
    );
    // And on their devices; the buyer's own badge does not count it.
    expect(await pushes(over.insertedId)).toEqual([`approval_waiting ${cy.email}`, `approval_waiting ${dana.email}`].sort());
    expect(await countWaitingFor(t.database.db, dana.id, 'customer')).toBe(1);
    expect(await countWaitingFor(t.database.db, bo.id, 'customer')).toBe(1);
  });

  it('approvers see what waits; a buyer who is no approver is refused, and nobody approves their own order', async () => {
    const waiting = await waitingFor(dana);
    expect(waiting.map((o) => o.userEmail)).toEqual([bo.email]);
    expect(waiting[0]?.lines).toHaveLength(1);
    expect((await waitingFor(cy)).length).toBe(1);
    const buyer = await t.app.inject({ url: '/api/company/approvals', headers: bo.auth });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toMatchObject({ error: { message: approvalMessages.onlyApprovers } });
    const [first] = waiting;
    if (!first) throw new Error('an order waits');
    const self = await decide(bo, first._id, { decision: 'approve' });
    expect(self.statusCode).toBe(403);
    // Named an approver, Bo still cannot approve his own order.
    expect((await setMember(dana, bo, { isApprover: true })).statusCode).toBe(200);
    const own = await decide(bo, first._id, { decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: { message: approvalMessages.notYourOwn } });
    expect((await setMember(dana, bo, { isApprover: false })).statusCode).toBe(200);
    // Another company's admin and the shop's admins do not decide: the order is not theirs to see.
    expect((await decide(olli, first._id, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(admin, first._id, { decision: 'approve' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/company/approvals', headers: admin.auth })).statusCode).toBe(404);
  });

  it('approved, a card order becomes payable; the same decision again answers as the first; a second approver is told who decided', async () => {
    const [first] = await waitingFor(dana);
    if (!first) throw new Error('an order waits');
    const decisionId = randomUUID();
    const approved = await decide(cy, first._id, { decision: 'approve', decisionId });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Unpaid', approval: { decision: 'approved', decidedByName: 'Cy Approver', reason: null } });
    const again = await decide(cy, first._id, { decision: 'approve', decisionId });
    expect(again.statusCode).toBe(200);
    const late = await decide(dana, first._id, { decision: 'decline', reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { message: approvalMessages.decidedAlready('approved', 'Cy Approver') } });
    expect(await waitingFor(dana)).toEqual([]);
    expect(await mails(first._id)).toContain(`order_approved ${bo.email}`);
    expect(await pushes(first._id)).toContain(`approval_decided ${bo.email}`);
    // Approved, it no longer waits for anyone: the approver's badge drops it.
    expect(await countWaitingFor(t.database.db, dana.id, 'customer')).toBe(0);
    const audit = await rowsOf<{ actor: string }>(
      t.database.db,
      sql`select actor_email as actor from audit_log where action = 'order.approved' and subject_id = ${first._id}`,
    );
    expect(audit.map((a) => a.actor)).toEqual([cy.email]);
    // Payable now: the payment page makes its intent.
    const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bo.auth, payload: { orderId: first._id } });
    expect(pay.statusCode, pay.body).toBe(200);
  });

  it('the monthly limit counts the month’s orders but not declined ones; a decline needs its reason, which the buyer reads', async () => {
    // Spent so far this month: 500 + 600 = $1,100 of $1,200.
    const over = await placed(bo, 2);
    expect(over.status).toBe('Awaiting approval');
    expect((await orderOf(over.insertedId)).approval).toMatchObject({ limitKind: 'month', limitMinor: 120_000, spentMinor: 110_000 });
    const noReason = await decide(dana, over.insertedId, { decision: 'decline' });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { details: { fields: [{ field: 'reason', message: approvalMessages.reasonRequired }] } } });
    const blank = await decide(dana, over.insertedId, { decision: 'decline', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    for (const payload of [{ decision: 'maybe' }, { decision: 'approve', decisionId: 'not-a-uuid' }, { decision: 'approve', extra: 1 }]) {
      expect((await decide(dana, over.insertedId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const declined = await decide(dana, over.insertedId, { decision: 'decline', reason: 'Order it next month, please.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'Declined',
      statusReason: 'Order it next month, please.',
      approval: { decision: 'declined', decidedByName: 'Dana Admin', reason: 'Order it next month, please.' },
    });
    expect(await mails(over.insertedId)).toContain(`order_declined ${bo.email}`);
    // Declined orders do not count: $100 more is within the month's $1,200.
    expect((await placed(bo, 1)).status).toBe('Unpaid');
  });

  it('a card order approved late has the whole time to pay from its approval, not from when it was placed', async () => {
    const waiting = await placed(bo, 6);
    expect(waiting.status).toBe('Awaiting approval');
    const { heldFor } = t.app.services.orders;
    // Placed almost the whole hold ago, and waiting for approval ever since.
    await t.database.db.execute(
      sql`update orders set created_at = now() - ${heldFor - 60_000} * interval '1 millisecond' where id = ${waiting.insertedId}::uuid`,
    );
    expect((await decide(dana, waiting.insertedId, { decision: 'approve' })).statusCode).toBe(200);
    await t.app.services.orders.expireUnpaid(new Date(Date.now() + 120_000));
    expect((await orderOf(waiting.insertedId)).status).toBe('Unpaid');
    await t.app.services.orders.expireUnpaid(new Date(Date.now() + heldFor + 60_000));
    expect((await t.app.inject({ url: `/api/order/${waiting.insertedId}`, headers: admin.auth })).statusCode).toBe(404);
  });

  it('a company admin’s own orders never wait, whatever limits are set on them', async () => {
    expect((await setMember(dana, dana, { orderLimitMinor: 100 })).statusCode).toBe(200);
    expect((await placed(dana, 3)).status).toBe('Unpaid');
    expect((await setMember(dana, dana, { orderLimitMinor: null })).statusCode).toBe(200);
  });

  it('on account, a waiting order uses no credit; approved it takes its stock and the credit decides Confirmed or On hold', async () => {
    const terms = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${danaCompany}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 100_000, poRequired: false },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect((await setMember(dana, bo, { orderLimitMinor: 50_000, monthlyLimitMinor: null })).statusCode).toBe(200);
    const stock = await available();
    const waiting = await placed(bo, 8);
    expect(waiting.status).toBe('Awaiting approval');
    const account = (await t.app.inject({ url: '/api/company/account', headers: dana.auth })).json() as AccountStanding;
    expect(account.outstanding).toBe(0);
    expect(await available()).toBe(stock);
    const approved = await decide(dana, waiting.insertedId, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Confirmed', paymentTerms: 'net30', holdsStock: true });
    expect(await available()).toBe((stock ?? 0) - 8);
    // $800 of the $1,000 credit is used: the next $600 goes on hold once approved.
    const second = await placed(bo, 6);
    const held = await decide(cy, second.insertedId, { decision: 'approve' });
    expect(held.json()).toMatchObject({ status: 'On hold', statusReason: expect.any(String) });
    expect(await mails(second.insertedId)).toContain(`order_approved ${bo.email}`);
  });

  it('two approvers deciding at once: one wins, the other gets 409', async () => {
    const waiting = await placed(bo, 7, { payment: 'card' });
    expect(waiting.status).toBe('Awaiting approval');
    const answers = await Promise.all([
      decide(dana, waiting.insertedId, { decision: 'approve' }),
      decide(cy, waiting.insertedId, { decision: 'decline', reason: 'Not this one' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const decided = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action in ('order.approved', 'order.declined') and subject_id = ${waiting.insertedId}`,
    );
    expect(decided[0]?.n).toBe(1);
  });
});
