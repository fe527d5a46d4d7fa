import 'fake-indexeddb/auto';
// A shared counter tablet: Alice's order saved offline stays on the device while Bob works, is never sent
// with Bob's token, is shown to Bob only as a count, and goes when Alice signs in again.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderBody, OneToolOrderBody } from '../../src/contract/order';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { addToPad, listPad } from '../../src/offline/store/order-pad';
import { countOthersQueued, enqueueOrder, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, type FlushDeps, type SendOrder } from '../../src/offline/outbox/flush';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';

/** An access token as the server issues it (the signature is the server's business, not the sender's). */
function tokenOf(email: string, sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, email, iss: 'forgeline', aud: 'forgeline-pwa' })}.signature`;
}
const aliceToken = tokenOf(ALICE, 'user-alice');
const bobToken = tokenOf(BOB, 'user-bob');

function recordingApi() {
  const calls: { token: string; body: OneToolOrderBody | OrderBody }[] = [];
  const send: SendOrder = async (body, token) => {
    calls.push({ token, body });
    await Promise.resolve();
    return { insertedId: `order-${calls.length}` };
  };
  return { send, calls };
}

const opened: ForgelineDatabase[] = [];
function freshDb(): ForgelineDatabase {
  const db = openDatabase(`shared-tablet-${randomUUID()}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const deps = (db: ForgelineDatabase, send: SendOrder): Partial<FlushDeps> => ({ db, send, now: () => Date.now(), random: () => 0.5, locks: null });

function alicesOrder() {
  return {
    clientOrderId: randomUUID(),
    ownerEmail: 'Alice@Example.com',
    userAddress: '1 Alice Street, Leeds',
    userPhone: '+44 113 555 0100',
    lines: [{ productId: 'tool-1', productName: 'Hammer Drill HD-18', imageUrl: '/uploads/a.webp', quantity: 10, unitPrice: 120 }],
  };
}

describe("Alice's order saved offline, on the tablet Bob now uses", () => {
  it("is never sent with Bob's token, even when the sender is asked for Alice with it", async () => {
    const db = freshDb();
    const api = recordingApi();
    await enqueueOrder(alicesOrder(), db);

    // Bob's session sends only Bob's items.
    expect((await flushOutbox({ email: BOB, token: bobToken }, { force: true }, deps(db, api.send))).sent).toEqual([]);
    // A session read half-way through the change of dealer: Alice's e-mail, Bob's token.
    const crossed = await flushOutbox({ email: ALICE, token: bobToken }, { force: true }, deps(db, api.send));
    expect(crossed.sent).toEqual([]);
    expect(api.calls).toEqual([]);
    expect(await listOutbox(ALICE, db)).toHaveLength(1);
  });

  it('is shown to Bob only as a count, and to Alice as her own', async () => {
    const db = freshDb();
    await enqueueOrder(alicesOrder(), db);
    await enqueueOrder({ ...alicesOrder(), ownerEmail: ALICE }, db);
    await enqueueOrder({ ...alicesOrder(), ownerEmail: BOB, userAddress: '2 Bob Road, York' }, db);

    expect((await listOutbox(BOB, db)).map((item) => item.userAddress)).toEqual(['2 Bob Road, York']);
    expect(await countOthersQueued(BOB, db)).toBe(2);
    expect(await countOthersQueued('Alice@Example.com', db)).toBe(1);
    expect(await countOthersQueued('carol@example.com', db)).toBe(3);
  });

  it('is sent once, with her own token, when Alice signs in again', async () => {
    const db = freshDb();
    const api = recordingApi();
    const item = await enqueueOrder(alicesOrder(), db);
    await flushOutbox({ email: BOB, token: bobToken }, { force: true }, deps(db, api.send));

    const report = await flushOutbox({ email: ALICE, token: aliceToken }, { force: true }, deps(db, api.send));
    await flushOutbox({ email: ALICE, token: aliceToken }, { force: true }, deps(db, api.send));
    expect(report.sent.map((sent) => sent.clientOrderId)).toEqual([item.clientOrderId]);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.token).toBe(aliceToken);
    expect(await countOthersQueued(BOB, db)).toBe(0);
  });

  it("keeps Alice's pad for Alice: Bob's pad is his own", async () => {
    const db = freshDb();
    await addToPad('Alice@Example.com', 'tool-1', 5, db);
    await addToPad(BOB, 'tool-2', 3, db);
    expect((await listPad(BOB, db)).map((line) => line.productId)).toEqual(['tool-2']);
    expect((await listPad(ALICE, db)).map((line) => line.productId)).toEqual(['tool-1']);
  });
});
