import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import type { OrderBody, OrderLineProblem } from '../../src/contract/order';
import { unitPriceFor } from '../../src/contract/pricing';
import { quantityProblem } from '../../src/contract/quantity-rules';
import type { Product } from '../../src/contract/product';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { OutboxEditRefused, queuedOrderName, queuedPieces, type QueuedLine, type QueuedOrder } from '../../src/offline/outbox';
import { discardOutboxItem, editOutboxItem, enqueueOrder, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, LEASE_MS, retryDelayMs, RETRY_BASE_MS, RETRY_CAP_MS, type FlushDeps, type SendOrder } from '../../src/offline/outbox/flush';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';

/** A stand-in for POST /api/orders with the server's rules: idempotent per user and clientOrderId, stock, price. */
function fakeOrdersApi(products: Product[]) {
  const catalogue = new Map(products.map((p) => [p._id, { ...p }]));
  const orders = new Map<string, { id: string; owner: string; body: OrderBody }>();
  const calls: { token: string; body: OrderBody }[] = [];
  const tokens = new Map<string, string>([
    ['token-alice', ALICE],
    ['token-bob', BOB],
  ]);
  /** Failures to play, one per call, before behaving normally. */
  const script: (('network' | 'lost-answer' | 'hang') | ApiError)[] = [];
  let releaseHang: (() => void) | null = null;

  const send: SendOrder = async (body, token, signal) => {
    calls.push({ token, body });
    // The real request is asynchronous: let other flushes interleave.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = script.shift();
    if (next === 'network') throw new NetworkError();
    if (next instanceof ApiError) throw next;
    const owner = tokens.get(token);
    if (!owner) throw new ApiError(401, 'unauthorized', 'Please sign in again.');
    const key = `${owner}/${body.clientOrderId}`;
    const existing = orders.get(key);
    let result: { insertedId: string; number: string };
    const numberOf = (orderId: string) => `O-2026-${String([...orders.values()].findIndex((o) => o.id === orderId) + 1).padStart(5, '0')}`;
    if (existing) {
      result = { insertedId: existing.id, number: numberOf(existing.id) };
    } else {
      // Every line checked, all or nothing, each refusal named on its line.
      const problems: OrderLineProblem[] = body.lines.flatMap((line): OrderLineProblem[] => {
        const product = catalogue.get(line.productId);
        if (!product) return [{ productId: line.productId, code: 'not_found', message: 'This tool is no longer in the catalogue.' }];
        const price = unitPriceFor(product, line.quantity);
        if (line.unitPrice !== undefined && line.unitPrice !== price) {
          return [
            {
              productId: line.productId,
              code: 'price_changed',
              message: `The price has changed: ${line.quantity} pcs. now cost $${price} each.`,
              product: { ...product },
            },
          ];
        }
        const problem = quantityProblem(product, line.quantity);
        return problem ? [{ productId: line.productId, ...problem, product: { ...product } }] : [];
      });
      const [first] = problems;
      if (first)
        throw new ApiError(409, first.code === 'not_found' ? 'conflict' : first.code, `${problems.length} lines cannot be ordered as they are.`, {
          lines: problems,
        });
      for (const line of body.lines) {
        const product = catalogue.get(line.productId);
        if (product) product.availableQnt -= line.quantity;
      }
      const id = randomUUID();
      orders.set(key, { id, owner, body });
      result = { insertedId: id, number: numberOf(id) };
    }
    if (next === 'lost-answer') throw new NetworkError();
    if (next === 'hang') {
      await new Promise<void>((resolve, reject) => {
        releaseHang = resolve;
        signal.addEventListener('abort', () => reject(new NetworkError()));
      });
    }
    return result;
  };
  return { send, catalogue, orders, calls, script, release: () => releaseHang?.() };
}

const drill: Product = {
  _id: randomUUID(),
  name: 'Hammer Drill HD-18',
  description: 'A drill.',
  imageUrl: '/uploads/a.webp',
  price: 120,
  availableQnt: 100,
  minOrderQnt: 5,
};
const saw: Product = {
  _id: randomUUID(),
  name: 'Chop Saw CS-355',
  description: 'A saw.',
  imageUrl: '/uploads/b.webp',
  price: 300,
  availableQnt: 40,
  minOrderQnt: 2,
};

/** An order of one tool, as the purchase page queues it; `unitPrice` the price the dealer saw. */
function queued(owner: string, product: Product, quantity: number, extra: Partial<QueuedOrder> & { unitPrice?: number } = {}): QueuedOrder {
  const { unitPrice = product.price, ...rest } = extra;
  return {
    clientOrderId: randomUUID(),
    ownerEmail: owner,
    userAddress: '12 Forge Street, Springfield',
    userPhone: '+1 555 0100',
    lines: [{ productId: product._id, productName: product.name, imageUrl: product.imageUrl, quantity, unitPrice }],
    ...rest,
  };
}

const readMeta = (db: ForgelineDatabase) => db.meta.toArray();

const opened: ForgelineDatabase[] = [];
function freshDb(name = `outbox-test-${randomUUID()}`): ForgelineDatabase {
  const db = openDatabase(name);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const T0 = 1_700_000_000_000;

/** A minimal LockManager with the one mode the engine uses: exclusive, ifAvailable. Locks die with their context. */
function webLocks(): LockManager {
  const held = new Set<string>();
  return {
    async request(name: string, _options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' } as Lock);
      } finally {
        held.delete(name);
      }
    },
  } as unknown as LockManager;
}

function clock(start = T0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deps(db: ForgelineDatabase, api: ReturnType<typeof fakeOrdersApi>, time = clock(), extra: Partial<FlushDeps> = {}): Partial<FlushDeps> {
  return { db, send: api.send, now: time.now, random: () => 0.5, locks: null, ...extra };
}

describe('outbox flush outcomes', () => {
  it('a 2xx removes the item and the server holds exactly that order, under the item clientOrderId', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const item = await enqueueOrder(queued(ALICE, drill, 10), db, T0);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));

    expect(report.ran).toBe(true);
    expect(report.sent).toHaveLength(1);
    expect(report.sent[0]?.clientOrderId).toBe(item.clientOrderId);
    expect(await listOutbox(ALICE, db)).toEqual([]);
    expect([...api.orders.values()].map((o) => o.body)).toEqual([
      {
        lines: [{ productId: drill._id, quantity: 10, unitPrice: 120 }],
        userAddress: item.userAddress,
        userPhone: item.userPhone,
        clientOrderId: item.clientOrderId,
        totalPrice: 1200,
      },
    ]);
  });

  it('sends oldest first and reports nothing waiting afterwards', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw]);
    const first = await enqueueOrder(queued(ALICE, drill, 5), db, 1000);
    const second = await enqueueOrder(queued(ALICE, saw, 2), db, 2000);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, clock(5000)));

    expect(api.calls.map((c) => c.body.clientOrderId)).toEqual([first.clientOrderId, second.clientOrderId]);
    expect(report).toMatchObject({ waiting: 0, nextAttemptAt: null });
  });

  it('a network failure keeps the item and backs off; the timer waits, an online event does not', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const time = clock();
    const item = await enqueueOrder(queued(ALICE, drill, 10), db, time.now());
    api.script.push('network');

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, time));

    const [kept] = await listOutbox(ALICE, db);
    expect(kept).toMatchObject({ clientOrderId: item.clientOrderId, state: 'waiting', attempts: 1, maybeDelivered: true, sendingSince: null });
    expect(kept?.nextAttemptAt).toBe(time.now() + RETRY_BASE_MS);
    expect(report).toMatchObject({ sent: [], waiting: 1, nextAttemptAt: time.now() + RETRY_BASE_MS });

    // The timer's flush before the backoff has passed sends nothing.
    time.advance(RETRY_BASE_MS - 1);
    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, time));
    expect(api.calls).toHaveLength(1);

    // The 'online' event (force) sends at once.
    const online = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api, time));
    expect(online.sent).toHaveLength(1);
    expect(api.orders.size).toBe(1);
  });

  it('backoff doubles per failed attempt from 5 s, is capped at 5 minutes, and jitters by at most 20 %', () => {
    const exact = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, () => 0.5));
    expect(exact).toEqual([5000, 10_000, 20_000, 40_000, 80_000, 160_000, RETRY_CAP_MS, RETRY_CAP_MS]);
    expect(retryDelayMs(1, () => 0)).toBe(4000);
    expect(retryDelayMs(1, () => 1)).toBe(6000);
  });

  it('repeated failures push the next try further out', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const time = clock();
    await enqueueOrder(queued(ALICE, drill, 10), db, time.now());
    api.script.push('network', 'network', 'network');
    const gaps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api, time));
      gaps.push((report.nextAttemptAt ?? 0) - time.now());
    }
    expect(gaps).toEqual([5000, 10_000, 20_000]);
  });

  it('a 5xx retries with backoff and keeps the order', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const time = clock();
    await enqueueOrder(queued(ALICE, drill, 10), db, time.now());
    api.script.push(new ApiError(503, 'unavailable', 'The service is unavailable.'));

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, time));

    expect(report.sent).toEqual([]);
    const [kept] = await listOutbox(ALICE, db);
    expect(kept).toMatchObject({ state: 'waiting', attempts: 1, lastError: { status: 503, code: 'unavailable' } });
    time.advance(RETRY_BASE_MS);
    expect((await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, time))).sent).toHaveLength(1);
  });

  it.each([
    [429, 'rate_limited', 'Too many orders in a minute.'],
    [409, 'conflict', 'This order is being placed already. Please try again in a moment.'],
  ] as const)('a %i %s is transient: the item keeps waiting with backoff', async (status, code, message) => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    api.script.push(new ApiError(status, code, message));

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));

    expect(report).toMatchObject({ needsAttention: [], waiting: 1, nextAttemptAt: T0 + RETRY_BASE_MS });
    expect((await listOutbox(ALICE, db))[0]).toMatchObject({ state: 'waiting', lastError: { status, code } });
  });

  it('a 401 keeps the item and asks for a new sign-in; the next token sends it', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    await enqueueOrder(queued(ALICE, drill, 10), db, T0);

    const refused = await flushOutbox({ email: ALICE, token: 'expired-token' }, {}, deps(db, api));
    expect(refused).toMatchObject({ signInRequired: true, sent: [], waiting: 1 });
    const [kept] = await listOutbox(ALICE, db);
    expect(kept).toMatchObject({ state: 'waiting', attempts: 0, lastError: { status: 401 } });

    const noToken = await flushOutbox({ email: ALICE, token: null }, {}, deps(db, api));
    expect(noToken.signInRequired).toBe(true);
    expect(api.calls).toHaveLength(1);

    const again = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(again.sent).toHaveLength(1);
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it.each([
    ['price_changed', () => queued(ALICE, drill, 10, { unitPrice: 100 }), 'The price has changed: 10 pcs. now cost $120 each.'],
    ['out_of_stock', () => queued(ALICE, drill, 500), 'Only 100 pcs. are in stock.'],
    ['below_minimum', () => queued(ALICE, drill, 2), 'The minimum order for this product is 5 pcs.'],
  ] as const)('a 409 %s marks the item Needs attention with the reason of its one tool and the product, and it is not resent', async (code, input, message) => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    await enqueueOrder(input(), db, T0);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));

    expect(report.needsAttention).toEqual([expect.objectContaining({ message })]);
    const [item] = await listOutbox(ALICE, db);
    expect(item).toMatchObject({
      state: 'needs-attention',
      maybeDelivered: false,
      lastError: { status: 409, code, message },
      lines: [{ problem: { code, message }, serverProduct: { _id: drill._id, price: 120 } }],
    });
    expect(report.waiting).toBe(0);

    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));
    expect(api.calls).toHaveLength(1);
    expect(api.orders.size).toBe(0);
  });

  it('after a price change the user accepts the new price and resends with the same clientOrderId', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const item = await enqueueOrder(queued(ALICE, drill, 10, { unitPrice: 100 }), db, T0);
    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));

    const [attention] = await listOutbox(ALICE, db);
    const edited = await editOutboxItem(
      ALICE,
      item.clientOrderId,
      {
        lines: [{ productId: drill._id, quantity: 10, unitPrice: attention?.lines[0]?.serverProduct?.price ?? 0 }],
        userAddress: item.userAddress,
        userPhone: item.userPhone,
      },
      db,
      T0,
    );
    expect(edited).toMatchObject({ state: 'waiting', totalPrice: 1200, lastError: null });

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(report.sent).toEqual([expect.objectContaining({ clientOrderId: item.clientOrderId })]);
    expect([...api.orders.values()][0]?.body).toMatchObject({ clientOrderId: item.clientOrderId, totalPrice: 1200 });
  });

  it('another 4xx needs attention too, with its message, and Discard removes it', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const item = await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    api.script.push(new ApiError(400, 'invalid_data', 'The address is too long.'));

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(report.needsAttention).toEqual([expect.objectContaining({ message: 'The address is too long.' })]);
    expect((await listOutbox(ALICE, db))[0]).toMatchObject({ state: 'needs-attention', lastError: { status: 400 } });

    expect(await discardOutboxItem(ALICE, item.clientOrderId, db)).toBe(true);
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it('a needs-attention item does not stop the items after it', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw]);
    await enqueueOrder(queued(ALICE, drill, 1000), db, 1);
    await enqueueOrder(queued(ALICE, saw, 2), db, 2);
    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, clock(10)));
    expect(report.needsAttention).toHaveLength(1);
    expect(report.sent).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('a lost answer is resent with the same clientOrderId and the server keeps one order', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    api.script.push('lost-answer');

    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(api.orders.size).toBe(1);
    expect((await listOutbox(ALICE, db))[0]).toMatchObject({ maybeDelivered: true });

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));
    expect(report.sent).toHaveLength(1);
    expect(report.sent[0]?.orderId).toBe([...api.orders.values()][0]?.id);
    expect(api.orders.size).toBe(1);
    expect(api.catalogue.get(drill._id)?.availableQnt).toBe(90);
  });

  it('a maybe-delivered order cannot be edited until the server has answered', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const item = await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    api.script.push('lost-answer');
    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    await expect(
      editOutboxItem(
        ALICE,
        item.clientOrderId,
        { lines: [{ productId: drill._id, quantity: 20, unitPrice: 120 }], userAddress: 'x', userPhone: '+1 555 0100' },
        db,
      ),
    ).rejects.toBeInstanceOf(OutboxEditRefused);
  });

  it('two flushes at once (two tabs: two connections, no Web Locks) send each item once', async () => {
    const name = `outbox-test-${randomUUID()}`;
    const tabA = freshDb(name);
    const tabB = freshDb(name);
    const api = fakeOrdersApi([drill, saw]);
    const items = [
      await enqueueOrder(queued(ALICE, drill, 5), tabA, 1),
      await enqueueOrder(queued(ALICE, saw, 2), tabA, 2),
      await enqueueOrder(queued(ALICE, drill, 6), tabA, 3),
    ];

    const [a, b] = await Promise.all([
      flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(tabA, api, clock(10))),
      flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(tabB, api, clock(10))),
    ]);

    const sentIds = api.calls.map((c) => c.body.clientOrderId).sort();
    expect(sentIds).toEqual(items.map((i) => i.clientOrderId).sort());
    expect([a?.ran, b?.ran].filter(Boolean)).toHaveLength(1);
    expect(a.sent.length + b.sent.length).toBe(3);
    expect(await listOutbox(ALICE, tabB)).toEqual([]);
  });

  it('many concurrent flushes in one context, guarded by a Web Lock, still send each item once', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    for (let i = 0; i < 4; i++) await enqueueOrder(queued(ALICE, drill, 5 + i), db, i);
    const locks = webLocks();

    const reports = await Promise.all(
      Array.from({ length: 5 }, () => flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api, clock(100), { locks }))),
    );

    expect(api.calls).toHaveLength(4);
    expect(new Set(api.calls.map((c) => c.body.clientOrderId)).size).toBe(4);
    expect(reports.filter((r) => r.ran)).toHaveLength(1);
    expect(reports.find((r) => !r.ran)).toMatchObject({ sent: [] });
  });

  it('a restart in the middle of a send keeps the item; the resend after the lease expires is idempotent', async () => {
    const name = `outbox-test-${randomUUID()}`;
    const before = freshDb(name);
    const api = fakeOrdersApi([drill]);
    const time = clock();
    const item = await enqueueOrder(queued(ALICE, drill, 10), before, time.now());
    api.script.push('hang');

    // The server receives and creates the order, then the tab dies before the answer arrives.
    const dying = flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(before, api, time)).catch((error: unknown) => error);
    await expect.poll(() => api.orders.size).toBe(1);
    before.close();

    const after = freshDb(name);
    expect(await listOutbox(ALICE, after)).toEqual([expect.objectContaining({ clientOrderId: item.clientOrderId, state: 'waiting' })]);

    // While the dead holder's lease lasts, nobody sends; then the next start sends it again.
    const blocked = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(after, api, time));
    expect(blocked.ran).toBe(false);
    time.advance(LEASE_MS + 1);
    const resent = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(after, api, time));

    expect(resent.sent).toEqual([expect.objectContaining({ clientOrderId: item.clientOrderId, orderId: [...api.orders.values()][0]?.id })]);
    expect(api.calls.map((c) => c.body.clientOrderId)).toEqual([item.clientOrderId, item.clientOrderId]);
    expect(api.orders.size).toBe(1);
    expect(await listOutbox(ALICE, after)).toEqual([]);

    api.release();
    await dying;
  });

  it('under the Web Lock, the lease of a tab that reloaded mid-send is taken over at once, and the resend is idempotent', async () => {
    const name = `outbox-test-${randomUUID()}`;
    const before = freshDb(name);
    const api = fakeOrdersApi([drill]);
    const time = clock();
    const item = await enqueueOrder(queued(ALICE, drill, 10), before, time.now());
    api.script.push('hang');
    // The old page's lock manager: its lock goes away with the page, its IndexedDB lease does not.
    const dying = flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(before, api, time, { locks: webLocks() })).catch((error: unknown) => error);
    await expect.poll(() => api.orders.size).toBe(1);
    before.close();

    const after = freshDb(name);
    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(after, api, time, { locks: webLocks() }));

    expect(report).toMatchObject({ ran: true, sent: [expect.objectContaining({ clientOrderId: item.clientOrderId })] });
    expect(api.orders.size).toBe(1);
    expect(await readMeta(after)).toEqual([]);
    api.release();
    await dying;
  });

  it('a flush with nothing due takes no lease, so a reload during it blocks nobody', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(report).toMatchObject({ ran: true, waiting: 0 });
    expect(await readMeta(db)).toEqual([]);
  });

  it('an item discarded while its send is in flight is not put back', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const item = await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    api.script.push('network');
    const flushing = flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    await expect.poll(() => api.calls.length).toBe(1);
    await discardOutboxItem(ALICE, item.clientOrderId, db);
    await flushing;
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });
});

describe('orders of several tools (the order pad): one item carrying its lines', () => {
  const grinder: Product = {
    _id: randomUUID(),
    name: 'Angle Grinder AG-125',
    description: 'A grinder.',
    imageUrl: '/uploads/c.webp',
    price: 90,
    availableQnt: 120,
    minOrderQnt: 6,
    maxOrderQnt: 60,
    packSize: 6,
    priceTiers: [{ minQnt: 24, price: 80 }],
  };
  const line = (product: Product, quantity: number, unitPrice = unitPriceFor(product, quantity)): QueuedLine => ({
    productId: product._id,
    productName: product.name,
    imageUrl: product.imageUrl,
    quantity,
    unitPrice,
  });
  const bulk = (owner: string, lines: QueuedLine[]): QueuedOrder => ({
    clientOrderId: randomUUID(),
    ownerEmail: owner,
    userAddress: '12 Forge Street, Springfield',
    userPhone: '+1 555 0100',
    lines,
  });

  it('is queued as one item named after its first tool, summed as the server sums an order', async () => {
    const db = freshDb();
    const item = await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2), line(grinder, 24)]), db, T0);
    expect(item).toMatchObject({ totalPrice: 10 * 120 + 2 * 300 + 24 * 80, state: 'waiting' });
    expect(queuedOrderName(item.lines)).toBe(`${drill.name} and 2 more`);
    expect(queuedPieces(item.lines)).toBe(36);
    expect(item.lines?.map((l) => [l.productName, l.quantity, l.unitPrice, l.problem])).toEqual([
      [drill.name, 10, 120, null],
      [saw.name, 2, 300, null],
      [grinder.name, 24, 80, null],
    ]);
    // A pad of one tool is named by that tool.
    expect(queuedOrderName((await enqueueOrder(bulk(ALICE, [line(saw, 2)]), db, T0)).lines)).toBe(saw.name);
  });

  it('is sent once, as one order with each line at the unit price the pad showed', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw, grinder]);
    const item = await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2), line(grinder, 24)]), db, T0);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));

    // The report carries the number the server gave, for the toast that says the order was sent.
    expect(report.sent).toEqual([
      {
        clientOrderId: item.clientOrderId,
        orderId: [...api.orders.values()][0]?.id,
        orderName: `${drill.name} and 2 more`,
        orderNumber: 'O-2026-00001',
        status: null,
        depositDue: false,
        quote: false,
        approval: null,
      },
    ]);
    expect(api.calls.map((c) => c.body)).toEqual([
      {
        lines: [
          { productId: drill._id, quantity: 10, unitPrice: 120 },
          { productId: saw._id, quantity: 2, unitPrice: 300 },
          { productId: grinder._id, quantity: 24, unitPrice: 80 },
        ],
        userAddress: item.userAddress,
        userPhone: item.userPhone,
        clientOrderId: item.clientOrderId,
        totalPrice: 3720,
      },
    ]);
    expect(await listOutbox(ALICE, db)).toEqual([]);
    expect([drill, saw, grinder].map((p) => api.catalogue.get(p._id)?.availableQnt)).toEqual([90, 38, 96]);
  });

  it('a lost answer is resent with the same clientOrderId and the server keeps one order with every line', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw]);
    const item = await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2)]), db, T0);
    api.script.push('lost-answer');

    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect((await listOutbox(ALICE, db))[0]).toMatchObject({ state: 'waiting', maybeDelivered: true });
    await expect(
      editOutboxItem(
        ALICE,
        item.clientOrderId,
        { lines: [{ productId: drill._id, quantity: 5, unitPrice: 120 }], userAddress: 'x', userPhone: '+1 555 0100' },
        db,
      ),
    ).rejects.toBeInstanceOf(OutboxEditRefused);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));
    expect(report.sent).toHaveLength(1);
    expect(api.calls.map((c) => c.body.clientOrderId)).toEqual([item.clientOrderId, item.clientOrderId]);
    expect(api.orders.size).toBe(1);
    expect(api.catalogue.get(drill._id)?.availableQnt).toBe(90);
  });

  it('a 409 names each failing line: the item needs attention with every line reason and current product, and is not resent', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw, grinder]);
    // The saw's stock went to someone else and the grinder's tier price dropped while the pad waited.
    api.catalogue.set(saw._id, { ...saw, availableQnt: 1 });
    api.catalogue.set(grinder._id, { ...grinder, priceTiers: [{ minQnt: 24, price: 75 }] });
    await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2), line(grinder, 24)]), db, T0);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));

    expect(report.needsAttention).toEqual([
      expect.objectContaining({ orderName: `${drill.name} and 2 more`, message: '2 lines cannot be ordered as they are.' }),
    ]);
    const [item] = await listOutbox(ALICE, db);
    expect(item).toMatchObject({ state: 'needs-attention', maybeDelivered: false, lastError: { status: 409, code: 'out_of_stock' } });
    expect(item?.lines?.map((l) => [l.productName, l.problem, l.serverProduct?.availableQnt ?? null])).toEqual([
      [drill.name, null, null],
      [saw.name, { code: 'out_of_stock', message: 'Only 1 pcs. are in stock, fewer than the 2 pcs. this tool is sold in.' }, 1],
      [grinder.name, { code: 'price_changed', message: 'The price has changed: 24 pcs. now cost $75 each.' }, 120],
    ]);

    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, api));
    expect(api.calls).toHaveLength(1);
    expect(api.orders.size).toBe(0);
  });

  it('a tool gone from the catalogue (409 conflict with lines) needs attention instead of being retried', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    await enqueueOrder(bulk(ALICE, [line(saw, 2), line(drill, 10)]), db, T0);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));

    expect(report).toMatchObject({ waiting: 0, needsAttention: [expect.objectContaining({ orderName: `${saw.name} and 1 more` })] });
    const [item] = await listOutbox(ALICE, db);
    expect(item?.lastError).toMatchObject({ status: 409, code: 'conflict' });
    expect(item?.lines?.map((l) => l.problem?.code ?? null)).toEqual(['not_found', null]);
  });

  it('a refusal without lines (the unpaid cap) needs attention with its message, and no line is blamed', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw]);
    await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2)]), db, T0);
    api.script.push(new ApiError(409, 'unpaid_limit', 'You have 4,990 pcs. waiting for payment.'));

    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));

    const [item] = await listOutbox(ALICE, db);
    expect(item).toMatchObject({ state: 'needs-attention', lastError: { code: 'unpaid_limit', message: 'You have 4,990 pcs. waiting for payment.' } });
    expect(item?.lines?.every((l) => l.problem === null)).toBe(true);
  });

  it('the dealer fixes a line, accepts a new price and removes another, and the same clientOrderId is sent once', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill, saw, grinder]);
    api.catalogue.set(saw._id, { ...saw, availableQnt: 1 });
    api.catalogue.set(grinder._id, { ...grinder, priceTiers: [{ minQnt: 24, price: 75 }] });
    const queuedItem = await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2), line(grinder, 23)]), db, T0);
    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    const [refused] = await listOutbox(ALICE, db);
    expect(refused?.lines?.map((l) => l.problem?.code ?? null)).toEqual([null, 'out_of_stock', 'not_pack_multiple']);

    const edited = await editOutboxItem(
      ALICE,
      queuedItem.clientOrderId,
      {
        // The saw is removed; the grinder goes to a whole number of packs, at the price it now has; an unknown tool is ignored.
        lines: [
          { productId: drill._id, quantity: 10, unitPrice: 120 },
          { productId: grinder._id, quantity: 24, unitPrice: 75 },
          { productId: randomUUID(), quantity: 5, unitPrice: 1 },
        ],
        userAddress: '3 New Road, Springfield',
        userPhone: '+1 555 0199',
      },
      db,
      T0 + 1000,
    );
    expect(edited).toMatchObject({
      state: 'waiting',
      lastError: null,
      attempts: 0,
      totalPrice: 1200 + 24 * 75,
      userAddress: '3 New Road, Springfield',
    });
    expect(queuedOrderName(edited.lines)).toBe(`${drill.name} and 1 more`);
    expect(edited.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.problem])).toEqual([
      [drill._id, 10, 120, null],
      [grinder._id, 24, 75, null],
    ]);

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api, clock(T0 + 1000)));
    expect(report.sent).toEqual([expect.objectContaining({ clientOrderId: queuedItem.clientOrderId, orderName: `${drill.name} and 1 more` })]);
    expect(api.orders.size).toBe(1);
    expect([...api.orders.values()][0]?.body).toMatchObject({
      clientOrderId: queuedItem.clientOrderId,
      userPhone: '+1 555 0199',
      lines: [
        { productId: drill._id, quantity: 10, unitPrice: 120 },
        { productId: grinder._id, quantity: 24, unitPrice: 75 },
      ],
    });
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it('an edit keeps at least one line, never adds a tool, and is the owner alone', async () => {
    const db = freshDb();
    const item = await enqueueOrder(bulk(ALICE, [line(drill, 10), line(saw, 2)]), db, T0);
    const single = await enqueueOrder(queued(ALICE, drill, 10), db, T0);
    const contact = { userAddress: 'x', userPhone: '+1 555 0100' };

    await expect(editOutboxItem(ALICE, item.clientOrderId, { lines: [], ...contact }, db)).rejects.toThrow('discard it instead');
    await expect(editOutboxItem(ALICE, single.clientOrderId, { lines: [{ productId: saw._id, quantity: 5, unitPrice: 300 }], ...contact }, db)).rejects.toThrow(
      'discard it instead',
    );
    const edited = await editOutboxItem(ALICE, single.clientOrderId, { lines: [{ productId: drill._id, quantity: 5, unitPrice: 120 }], ...contact }, db);
    expect(edited.lines.map((l) => [l.productId, l.quantity])).toEqual([[drill._id, 5]]);
    await expect(
      editOutboxItem(BOB, item.clientOrderId, { lines: [{ productId: drill._id, quantity: 5, unitPrice: 120 }], ...contact }, db),
    ).rejects.toBeInstanceOf(OutboxEditRefused);
    expect(await listOutbox(BOB, db)).toEqual([]);
    expect((await listOutbox(ALICE, db)).find((i) => i.clientOrderId === item.clientOrderId)?.lines).toHaveLength(2);
  });
});

describe('items belong to their user', () => {
  it('another user on the same device never sends, sees, edits or discards them', async () => {
    const db = freshDb();
    const api = fakeOrdersApi([drill]);
    const alices = await enqueueOrder(queued('Alice@Example.com', drill, 10), db, T0);

    expect(await listOutbox(BOB, db)).toEqual([]);
    const bobReport = await flushOutbox({ email: BOB, token: 'token-bob' }, { force: true }, deps(db, api));
    expect(bobReport).toMatchObject({ sent: [], waiting: 0 });
    expect(api.calls).toEqual([]);
    expect(await discardOutboxItem(BOB, alices.clientOrderId, db)).toBe(false);
    await expect(
      editOutboxItem(
        BOB,
        alices.clientOrderId,
        { lines: [{ productId: drill._id, quantity: 5, unitPrice: 120 }], userAddress: 'x', userPhone: '+1 555 0100' },
        db,
      ),
    ).rejects.toBeInstanceOf(OutboxEditRefused);

    const aliceReport = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, api));
    expect(aliceReport.sent).toHaveLength(1);
    expect([...api.orders.values()][0]?.owner).toBe(ALICE);
  });
});
