import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../src/contract/constants';
import { openDatabase, type ForgelineDatabase, type PadLine } from '../../src/offline/store/database';
import { addToPad, clearPad, listPad, PadQuantityError, removeFromPad, setPadQuantity, watchPad } from '../../src/offline/store/order-pad';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const DRILL = randomUUID();
const SAW = randomUUID();
const GRINDER = randomUUID();

const opened: ForgelineDatabase[] = [];
function freshDb(name = `pad-test-${randomUUID()}`): ForgelineDatabase {
  const db = openDatabase(name);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const lines = async (email: string, db: ForgelineDatabase) => (await listPad(email, db)).map((line) => [line.productId, line.quantity]);

describe('order pad store', () => {
  it('adds a tool, and adding it again adds to the same line', async () => {
    const db = freshDb();
    await addToPad(ALICE, DRILL, 5, db, 1000);
    await addToPad(ALICE, DRILL, 7, db, 2000);
    expect(await listPad(ALICE, db)).toEqual([{ ownerEmail: ALICE, productId: DRILL, quantity: 12, addedAt: 1000 }]);
  });

  it('lists the lines in the order the tools were put on the pad', async () => {
    const db = freshDb();
    await addToPad(ALICE, SAW, 2, db, 3000);
    await addToPad(ALICE, DRILL, 5, db, 1000);
    await addToPad(ALICE, GRINDER, 10, db, 2000);
    // A merge keeps the line where it was.
    await addToPad(ALICE, DRILL, 5, db, 4000);
    expect(await lines(ALICE, db)).toEqual([
      [DRILL, 10],
      [GRINDER, 10],
      [SAW, 2],
    ]);
  });

  it('keeps the order of tools added within the same millisecond', async () => {
    const db = freshDb();
    await addToPad(ALICE, SAW, 1, db, 5000);
    await addToPad(ALICE, DRILL, 2, db, 5000);
    await addToPad(ALICE, GRINDER, 3, db, 5000);
    expect(await lines(ALICE, db)).toEqual([
      [SAW, 1],
      [DRILL, 2],
      [GRINDER, 3],
    ]);
  });

  it('keeps each user to their own pad, whatever the case of the e-mail', async () => {
    const db = freshDb();
    await addToPad('Alice@Example.com ', DRILL, 5, db);
    await addToPad(BOB, DRILL, 50, db);
    await addToPad(BOB, SAW, 4, db);

    expect(await lines(ALICE, db)).toEqual([[DRILL, 5]]);
    expect(await lines(BOB, db)).toEqual([
      [DRILL, 50],
      [SAW, 4],
    ]);
    expect((await listPad(ALICE, db))[0]?.ownerEmail).toBe(ALICE);

    // Bob's changes never touch Alice's line of the same tool.
    await setPadQuantity(BOB, DRILL, 60, db);
    await removeFromPad(BOB, SAW, db);
    await clearPad(BOB, undefined, db);
    expect(await lines(ALICE, db)).toEqual([[DRILL, 5]]);
    expect(await listPad(BOB, db)).toEqual([]);
  });

  it('sets a quantity, and says when the line is gone', async () => {
    const db = freshDb();
    await addToPad(ALICE, DRILL, 5, db);
    expect(await setPadQuantity(ALICE, DRILL, 24, db)).toBe(true);
    expect(await lines(ALICE, db)).toEqual([[DRILL, 24]]);
    expect(await setPadQuantity(ALICE, SAW, 3, db)).toBe(false);
    expect(await lines(ALICE, db)).toEqual([[DRILL, 24]]);
  });

  it('refuses quantities an order cannot have', async () => {
    const db = freshDb();
    for (const bad of [0, -1, 2.5, Number.NaN, MAX_QUANTITY + 1]) {
      await expect(addToPad(ALICE, DRILL, bad, db)).rejects.toBeInstanceOf(PadQuantityError);
    }
    await addToPad(ALICE, DRILL, 5, db);
    await expect(setPadQuantity(ALICE, DRILL, 0, db)).rejects.toBeInstanceOf(PadQuantityError);
    // Adding past the largest quantity stops there; the line's rule check tells the dealer why.
    await addToPad(ALICE, DRILL, MAX_QUANTITY, db);
    expect(await lines(ALICE, db)).toEqual([[DRILL, MAX_QUANTITY]]);
  });

  it('removes one line, clears chosen lines, and clears the pad', async () => {
    const db = freshDb();
    await addToPad(ALICE, DRILL, 5, db, 1);
    await addToPad(ALICE, SAW, 2, db, 2);
    await addToPad(ALICE, GRINDER, 10, db, 3);

    await removeFromPad(ALICE, SAW, db);
    expect(await lines(ALICE, db)).toEqual([
      [DRILL, 5],
      [GRINDER, 10],
    ]);

    // A tool put on the pad while the order was being placed stays.
    await addToPad(ALICE, SAW, 4, db, 4);
    await clearPad(ALICE, [DRILL, GRINDER], db);
    expect(await lines(ALICE, db)).toEqual([[SAW, 4]]);

    await clearPad(ALICE, undefined, db);
    expect(await listPad(ALICE, db)).toEqual([]);
  });

  it('survives closing and reopening the database', async () => {
    const name = `pad-test-${randomUUID()}`;
    const first = openDatabase(name);
    await addToPad(ALICE, DRILL, 5, first);
    first.close();
    const again = freshDb(name);
    expect(await lines(ALICE, again)).toEqual([[DRILL, 5]]);
  });

  it('opens a database made before the pad existed, keeping its outbox', async () => {
    const name = `pad-upgrade-${randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ products: '_id', reviews: '_id', outbox: 'clientOrderId, ownerEmail, [ownerEmail+createdAt]', meta: 'key' });
    await old.table('meta').put({ key: 'kept', value: 1 });
    old.close();

    const db = freshDb(name);
    expect(await db.meta.get('kept')).toEqual({ key: 'kept', value: 1 });
    await addToPad(ALICE, DRILL, 5, db);
    expect(await lines(ALICE, db)).toEqual([[DRILL, 5]]);
  });

  it('tells a watcher about every change to its user pad only', async () => {
    const db = freshDb();
    const seen: PadLine[][] = [];
    const stop = watchPad(ALICE, (padLines) => seen.push(padLines), undefined, db);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    await settle();
    await addToPad(ALICE, DRILL, 5, db);
    await settle();
    await addToPad(BOB, SAW, 2, db);
    await settle();
    await setPadQuantity(ALICE, DRILL, 8, db);
    await settle();
    stop();
    await addToPad(ALICE, SAW, 2, db);
    await settle();

    expect(seen.map((padLines) => padLines.map((line) => line.quantity))).toEqual([[], [5], [8]]);
  });
});
