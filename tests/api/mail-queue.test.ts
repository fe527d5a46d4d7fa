// Order e-mails through the queue (docs/decisions/013-invoices-and-mail-queue.md), read back from a local
// mail catcher as local mode keeps them: placed, paid (with the invoice) and shipped to the dealer, paid
// to every admin who wants it; failures retried with backoff and shown to admins; each mail sent once.

import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailFailures } from '../../src/contract/mail';
import { markOrderPaid } from '../../server/services/orders';
import { retryDelay } from '../../server/services/mail';
import { deadSmtpUrl, mailsTo, startTestCatcher, testSender } from '../helpers/mail';
import { payOrder, placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type Catcher = Awaited<ReturnType<typeof startTestCatcher>>;

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Waits until `address` has `count` mails in the catcher, and answers them, oldest first. */
async function arrived(catcher: Catcher, address: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = await mailsTo(catcher, address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PROFILE = { address: '1840 Foundry Avenue', phone: '+1 412 555 0187' };

describeEachDatabase('order e-mails in local mode', (kind) => {
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = await startTestCatcher();
  });
  afterAll(async () => {
    await catcher?.remove();
  });

  // The app's own background job sends to the suite's catcher every second, as a server in local mode
  // sends to the catcher it starts: these tests only act and then read what arrived.
  const {
    t,
    users: { dealer, admin, quietAdmin },
  } = useTestApp(kind, {
    config: () => ({
      mail: {
        smtpUrl: catcher.url,
        from: 'Forgeline Power Tools <dealers@forgeline.example>',
        catcher: null,
        intervalMs: 1_000,
        maxAttempts: 3,
        retryBaseMs: 60_000,
        retryMaxMs: 3_600_000,
      },
    }),
    users: { dealer: { displayName: 'Ines Müller', verified: true }, admin: { admin: true }, quietAdmin: { admin: true } },
  });
  let productId: string;

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'SD8 Specialty Right-Angle Drill', price: 139, available: 1_000_000, minOrder: 1 });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${quietAdmin.email}`,
      headers: quietAdmin.auth,
      payload: { ...PROFILE, notifyPaidOrders: false },
    });
    expect(off.statusCode).toBe(200);
  });

  const subjects = async (address: string, count: number) => (await arrived(catcher, address, count)).map((mail) => mail.subject);

  it('tells the dealer an order was placed, paid (with the invoice attached) and shipped, and every admin who wants it that it was paid', async () => {
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 20 });
    const number = ((await t.app.inject({ url: `/api/order/${orderId}`, headers: dealer.auth })).json() as { number: string }).number;
    expect(number).toMatch(/^O-\d{4}-\d{5}$/u);
    expect(await subjects(dealer.email, 1)).toEqual([`We have your order ${number}: 1 tool, $2,780`]);

    const transactionId = await payOrder(t, dealer, orderId);
    const [, paid] = await arrived(catcher, dealer.email, 2);
    const invoiceNo = ((await t.app.inject({ url: `/api/order/${orderId}`, headers: dealer.auth })).json() as { invoiceNo: string }).invoiceNo;
    expect(paid?.subject).toBe(`Payment received for order ${number}: invoice ${invoiceNo}`);
    expect(paid?.from).toMatch(/^"?Forgeline Power Tools"? <dealers@forgeline\.example>$/u);
    expect(paid?.text).toContain('Hello Ines,');
    expect(paid?.text).toContain(`Your invoice ${invoiceNo} is attached to this e-mail.`);
    expect(paid?.html).toContain(`<strong>${invoiceNo}</strong>`);
    expect(paid?.attachments).toHaveLength(1);
    const [attachment] = paid?.attachments ?? [];
    expect(attachment?.filename).toBe(`forgeline-invoice-${invoiceNo}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    // The attachment is the very invoice My Orders downloads.
    const download = await t.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: dealer.auth });
    expect(attachment?.content.equals(download.rawPayload)).toBe(true);
    const text = await pdfText(attachment?.content ?? Buffer.alloc(0));
    expect(text).toContain(`Invoice no. ${invoiceNo}`);
    expect(text).toMatch(new RegExp(`Transaction\\s+${transactionId}`, 'u'));

    const [toAdmin] = await arrived(catcher, admin.email, 1);
    expect(toAdmin?.subject).toBe(`Paid: order ${number} from Ines Müller, $2,780`);
    expect(toAdmin?.text).toContain('open Manage Orders and press Mark shipped');
    expect(toAdmin?.attachments).toHaveLength(0);
    expect(await mailsTo(catcher, quietAdmin.email)).toEqual([]);

    const ship = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { carrier: 'DHL Express', trackingNumber: 'JD0146 0000 6281' },
    });
    expect(ship.statusCode).toBe(200);
    // The shipping mail waits out the minute in which the shipping may be undone; the wait is over.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailsTo(catcher, dealer.email)).toHaveLength(2);
    await t.database.db.execute(sql`update mail_queue set next_attempt_at = now() where kind = 'order_shipped' and order_id = ${orderId}::uuid`);
    const all = await arrived(catcher, dealer.email, 3);
    expect(all).toHaveLength(3);
    expect(all.at(-1)?.subject).toBe(`Order ${number} is on its way`);
    expect(all.at(-1)?.text).toContain('Carrier: DHL Express. Tracking number: JD0146 0000 6281.');
  });

  it('returns the switch with the profile and turns the admin mail back on', async () => {
    const profile = (await t.app.inject({ url: `/api/users/${quietAdmin.email}`, headers: quietAdmin.auth })).json() as { notifyPaidOrders: boolean };
    expect(profile.notifyPaidOrders).toBe(false);
    const dealerProfile = (await t.app.inject({ url: `/api/users/${dealer.email}`, headers: dealer.auth })).json() as { notifyPaidOrders?: boolean };
    expect(dealerProfile.notifyPaidOrders).toBeUndefined();
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${quietAdmin.email}`,
      headers: quietAdmin.auth,
      payload: { ...PROFILE, notifyPaidOrders: true },
    });
    expect(on.statusCode).toBe(200);
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
    await payOrder(t, dealer, orderId);
    expect(await subjects(quietAdmin.email, 1)).toEqual([expect.stringMatching(/^Paid: order O-/u)]);
    // Leaving the switch out of a later save keeps it as it is.
    await t.app.inject({ method: 'PATCH', url: `/api/user/${quietAdmin.email}`, headers: quietAdmin.auth, payload: PROFILE });
    expect(
      ((await t.app.inject({ url: `/api/users/${quietAdmin.email}`, headers: quietAdmin.auth })).json() as { notifyPaidOrders: boolean }).notifyPaidOrders,
    ).toBe(true);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${quietAdmin.email}`,
      headers: quietAdmin.auth,
      payload: { ...PROFILE, notifyPaidOrders: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describeEachDatabase('the mail queue', (kind) => {
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = await startTestCatcher();
  });
  afterAll(async () => {
    await catcher?.remove();
  });

  // This app's own sender has no mail server (the tests' default): the tests run the senders themselves.
  const {
    t,
    users: { dealer, admin },
  } = useTestApp(kind, { users: { dealer: { displayName: 'Ines Müller', verified: true }, admin: { admin: true } } });
  let productId: string;

  beforeAll(async () => {
    productId = await t.createProduct({ price: 139, available: 1_000_000, minOrder: 1 });
  });

  const failures = async () => (await t.app.inject({ url: '/api/mail/failures', headers: admin.auth })).json() as MailFailures;
  const queueState = async (orderId: string, mailKind: string) => {
    const result = (await t.database.db.execute(
      sql`select state, attempts, last_error, next_attempt_at from mail_queue where order_id = ${orderId}::uuid and kind = ${mailKind}`,
    )) as unknown as { rows: { state: string; attempts: number; last_error: string | null; next_attempt_at: Date | string }[] };
    return result.rows[0];
  };
  /** Sends everything already waiting, so a test counts only its own mails. */
  const drain = async () => {
    const sender = testSender(t.database, { smtpUrl: catcher.url });
    await sender.sendDue();
    sender.close();
  };

  it('keeps placing orders when the mail server is down, retries with backoff, and shows admins what failed', async () => {
    await drain();
    const dead = testSender(t.database, { smtpUrl: await deadSmtpUrl(), maxAttempts: 3, retryBaseMs: 60_000 });
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 3 });
    const started = Date.now();
    expect(await dead.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const first = await queueState(orderId, 'order_placed');
    expect(first).toMatchObject({ state: 'queued', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/iu) });
    const wait = new Date(first?.next_attempt_at ?? 0).getTime() - started;
    expect(wait).toBeGreaterThanOrEqual(retryDelay({ retryBaseMs: 60_000, retryMaxMs: 3_600_000 }, 1) - 1_000);
    expect(wait).toBeLessThan(60_000 + 30_000);
    // Not due yet: nothing is tried before its time.
    expect(await dead.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const shown = await failures();
    expect(shown.retrying).toBeGreaterThanOrEqual(1);
    expect(shown.items).toContainEqual(expect.objectContaining({ orderId, kind: 'order_placed', recipient: dealer.email, state: 'queued', attempts: 1 }));

    // The backoff doubles, and the last try gives the mail up.
    const due = () => t.database.db.execute(sql`update mail_queue set next_attempt_at = now() where order_id = ${orderId}::uuid and state = 'queued'`);
    await due();
    expect(await dead.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const second = await queueState(orderId, 'order_placed');
    expect(new Date(second?.next_attempt_at ?? 0).getTime() - Date.now()).toBeGreaterThan(100_000);
    await due();
    expect(await dead.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await queueState(orderId, 'order_placed')).toMatchObject({ state: 'failed', attempts: 3 });
    const after = await failures();
    expect(after.failed).toBeGreaterThanOrEqual(1);
    expect(after.items).toContainEqual(expect.objectContaining({ orderId, state: 'failed', nextAttemptAt: null, lastError: expect.any(String) }));
    expect((await t.app.inject({ url: '/api/mail/failures', headers: dealer.auth })).statusCode).toBe(403);
    dead.close();
  });

  it('sends a mail that failed once when its time comes and the server is back', async () => {
    const dead = testSender(t.database, { smtpUrl: await deadSmtpUrl(), retryBaseMs: 50 });
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 4 });
    expect((await dead.sendDue()).retrying).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await drain();
    expect(await queueState(orderId, 'order_placed')).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect((await failures()).items.map((item) => item.orderId)).not.toContain(orderId);
    dead.close();
  });

  it('sends each mail once when the senders of several processes run at the same time', async () => {
    await drain();
    const before = (await catcher.list()).length;
    const ids = await Promise.all(Array.from({ length: 6 }, () => placeOrder(t, dealer, { productId, orderQuantity: 1 })));
    await Promise.all(ids.map((id, i) => markOrderPaid(t.database.db, id, `pi_race_${i}`)));
    // Placed and paid for the dealer, paid for the admin: 3 mails an order.
    const senders = [0, 1, 2].map(() => testSender(t.database, { smtpUrl: catcher.url }));
    const runs = await Promise.all(senders.map((sender) => sender.sendDue()));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(ids.length * 3);
    const caught = (await catcher.list()).slice(before);
    expect(caught).toHaveLength(ids.length * 3);
    const keys = caught.map((mail) => `${mail.to.join()} ${mail.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const sender of senders) sender.close();
  });
});
