// Mails about an order go out only once the server has the order (docs/offline.md; decision 013): the mail is
// queued in the transaction that stores the order, so an order that is not stored leaves no mail, a mail
// that cannot be queued leaves no order, and the outbox's resend of an order whose answer was lost (the same
// clientOrderId) is answered with the first order and queues no second mail.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { postOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('order mails after the order is stored', (kind) => {
  const {
    t,
    users: { dealer },
  } = useTestApp(kind, { users: { dealer: { displayName: 'Mara Mailed', verified: true } } });
  let productId: string;
  beforeAll(async () => {
    productId = await t.createProduct({ name: 'PM-40 Plunge Router', price: 210, available: 50, minOrder: 1 });
  });

  /** The placed-order mails queued for the dealer, with whether their order is stored. */
  const placedMails = () =>
    rowsOf<{ order_id: string; stored: boolean }>(
      t.database.db,
      sql`select m.order_id, exists (select 1 from orders o where o.id = m.order_id) as stored
            from mail_queue m where m.kind = 'order_placed' and m.recipient = ${dealer.email} order by m.created_at, m.id`,
    );
  const ordersWith = async (clientOrderId: string) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select id from orders where client_order_id = ${clientOrderId}`)).map((row) => row.id);

  it('queues the mail with the stored order, and none again when the same order is sent twice', async () => {
    const before = (await placedMails()).length;
    const clientOrderId = randomUUID();
    const first = await postOrder(t, dealer, { productId, orderQuantity: 2, clientOrderId });
    expect(first.statusCode).toBe(201);
    const { insertedId } = first.json() as { insertedId: string };
    const mails = await placedMails();
    expect(mails.slice(before)).toEqual([{ order_id: insertedId, stored: true }]);

    // The outbox sends the same order again after its answer was lost: the first order answers, no second mail.
    const again = await postOrder(t, dealer, { productId, orderQuantity: 2, clientOrderId });
    expect([200, 201]).toContain(again.statusCode);
    expect((again.json() as { insertedId: string }).insertedId).toBe(insertedId);
    expect(await ordersWith(clientOrderId)).toEqual([insertedId]);
    expect((await placedMails()).length).toBe(before + 1);
  });

  it('queues no mail for an order the server refuses', async () => {
    const before = await placedMails();
    const clientOrderId = randomUUID();
    const refused = await postOrder(t, dealer, { productId, orderQuantity: 5_000, clientOrderId });
    expect(refused.statusCode).toBe(409);
    expect(await ordersWith(clientOrderId)).toEqual([]);
    expect(await placedMails()).toEqual(before);
  });

  it('stores no order whose mail cannot be queued, and the resend stores both', async () => {
    const before = (await placedMails()).length;
    await t.database.db.execute(
      sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail queue unavailable'; end $$`,
    );
    await t.database.db.execute(sql`create trigger refuse_mail before insert on mail_queue for each row execute function refuse_mail()`);
    const clientOrderId = randomUUID();
    try {
      const failed = await postOrder(t, dealer, { productId, orderQuantity: 1, clientOrderId });
      expect(failed.statusCode).toBe(500);
      expect(await ordersWith(clientOrderId)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_mail on mail_queue`);
      await t.database.db.execute(sql`drop function refuse_mail()`);
    }
    const resent = await postOrder(t, dealer, { productId, orderQuantity: 1, clientOrderId });
    expect(resent.statusCode).toBe(201);
    const { insertedId } = resent.json() as { insertedId: string };
    expect((await placedMails()).slice(before)).toEqual([{ order_id: insertedId, stored: true }]);
  });
});
