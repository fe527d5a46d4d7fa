// The dealer's order pad: the tools they mean to order together, kept per signed-in user on the device
// (docs/architecture.md, "Offline"), so it survives reloads, restarts and lost connections and another
// user of the same tablet never sees it. Placing the pad sends it as one order of many lines.

import { liveQuery } from 'dexie';
import { MAX_QUANTITY } from '../../contract/constants';
import { getDatabase, type ForgelineDatabase, type PadLine } from './database';
import { ownerKey } from './owner';

export class PadQuantityError extends RangeError {
  constructor(quantity: number) {
    super(`A pad quantity is a whole number from 1 to ${MAX_QUANTITY}; got ${quantity}.`);
    this.name = 'PadQuantityError';
  }
}

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) throw new PadQuantityError(quantity);
}

/** Inside a transaction on the pad: puts one tool on it, or adds to its line. */
async function putOnPad(db: ForgelineDatabase, owner: string, productId: string, quantity: number, now: number): Promise<void> {
  const existing = await db.orderPad.get([owner, productId]);
  if (existing) {
    await db.orderPad.put({ ...existing, quantity: Math.min(existing.quantity + quantity, MAX_QUANTITY) });
    return;
  }
  // Two tools put on the pad within one millisecond still keep the order they were added in.
  let addedAt = now;
  while ((await db.orderPad.where('[ownerEmail+addedAt]').equals([owner, addedAt]).count()) > 0) addedAt += 1;
  await db.orderPad.put({ ownerEmail: owner, productId, quantity, addedAt });
}

/** Puts a tool on the user's pad, or adds `quantity` to the line it already has (capped at the largest quantity an order takes). */
export async function addToPad(email: string, productId: string, quantity: number, db: ForgelineDatabase = getDatabase(), now = Date.now()): Promise<void> {
  checkQuantity(quantity);
  const owner = ownerKey(email);
  await db.transaction('rw', db.orderPad, () => putOnPad(db, owner, productId, quantity, now));
}

/**
 * Puts many tools on the pad at once (an imported list), each as addToPad would, in one write: all of
 * them or, if the write fails, none, and the pad's watchers see the change once.
 */
export async function addManyToPad(
  email: string,
  lines: readonly { productId: string; quantity: number }[],
  db: ForgelineDatabase = getDatabase(),
  now = Date.now(),
): Promise<void> {
  for (const line of lines) checkQuantity(line.quantity);
  const owner = ownerKey(email);
  await db.transaction('rw', db.orderPad, () => putManyOnPad(db, owner, lines, now));
}

/** Inside a transaction on the pad: puts many tools on it, each as putOnPad would, after its last line. */
async function putManyOnPad(db: ForgelineDatabase, owner: string, lines: readonly { productId: string; quantity: number }[], now: number): Promise<void> {
  const existing = await db.orderPad.bulkGet(lines.map((line): [string, string] => [owner, line.productId]));
  // New lines go after the pad's last one, a millisecond apart, so they keep the list's order.
  const last = await db.orderPad.where('[ownerEmail+addedAt]').between([owner, -Infinity], [owner, Infinity]).last();
  let addedAt = Math.max(now, (last?.addedAt ?? -Infinity) + 1);
  const put = new Map<string, PadLine>();
  lines.forEach((line, index) => {
    const before = put.get(line.productId) ?? existing[index];
    if (before) put.set(line.productId, { ...before, quantity: Math.min(before.quantity + line.quantity, MAX_QUANTITY) });
    else put.set(line.productId, { ownerEmail: owner, productId: line.productId, quantity: line.quantity, addedAt: addedAt++ });
  });
  await db.orderPad.bulkPut([...put.values()]);
}

/** Empties the user's pad and puts these tools on it (a saved list used in its place), in one write. */
export async function replacePad(
  email: string,
  lines: readonly { productId: string; quantity: number }[],
  db: ForgelineDatabase = getDatabase(),
  now = Date.now(),
): Promise<void> {
  for (const line of lines) checkQuantity(line.quantity);
  const owner = ownerKey(email);
  await db.transaction('rw', db.orderPad, async () => {
    await db.orderPad.where('[ownerEmail+addedAt]').between([owner, -Infinity], [owner, Infinity]).delete();
    await putManyOnPad(db, owner, lines, now);
  });
}

/** Sets a line's quantity; false when the tool is not on the pad (removed meanwhile, in another tab). */
export async function setPadQuantity(email: string, productId: string, quantity: number, db: ForgelineDatabase = getDatabase()): Promise<boolean> {
  checkQuantity(quantity);
  const updated = await db.orderPad.update([ownerKey(email), productId], { quantity });
  return updated === 1;
}

export async function removeFromPad(email: string, productId: string, db: ForgelineDatabase = getDatabase()): Promise<void> {
  await db.orderPad.delete([ownerKey(email), productId]);
}

/** The user's pad, in the order the tools were put on it. */
export function listPad(email: string, db: ForgelineDatabase = getDatabase()): Promise<PadLine[]> {
  const owner = ownerKey(email);
  return db.orderPad.where('[ownerEmail+addedAt]').between([owner, -Infinity], [owner, Infinity]).toArray();
}

/**
 * Empties the user's pad, or, given `productIds`, only those lines: after an order is placed, a tool put
 * on the pad while the order was on its way stays for the next one.
 */
export async function clearPad(email: string, productIds?: readonly string[], db: ForgelineDatabase = getDatabase()): Promise<void> {
  const owner = ownerKey(email);
  if (productIds) {
    await db.orderPad.bulkDelete(productIds.map((id): [string, string] => [owner, id]));
    return;
  }
  await db.orderPad.where('[ownerEmail+addedAt]').between([owner, -Infinity], [owner, Infinity]).delete();
}

/**
 * Calls `listener` with the user's pad now and after every change, from this tab, another tab or the
 * service worker (Dexie's liveQuery). Returns the function that stops it.
 */
export function watchPad(
  email: string,
  listener: (lines: PadLine[]) => void,
  onError: (error: unknown) => void = () => undefined,
  db: ForgelineDatabase = getDatabase(),
): () => void {
  const subscription = liveQuery(() => listPad(email, db)).subscribe({ next: listener, error: onError });
  return () => subscription.unsubscribe();
}
