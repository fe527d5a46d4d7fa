// Crash safety on PGlite (docs/architecture.md, "Request flow"): the server process is killed with SIGKILL
// in the middle of a burst of orders and started again on the same DATA_DIR; then stopped with SIGINT
// mid-burst. Every order it acknowledged must still be there, and the stock must add up.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { orderLines } from '../../server/db/schema';
import { findProduct, insertProduct } from '../../server/repositories/products';
import { http } from '../helpers/http';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { projectModeEnv, startServer, waitReady, type ServerProcess } from '../helpers/server-process';

const PORT = 3373;
const SECRET = 'crash-test-secret-that-is-long-enough-for-hs256';
const INITIAL_STOCK = 100_000;

interface Burst {
  /** Order ids the server answered 201 for, with their quantities. */
  acknowledged: Map<string, number>;
  stop: () => Promise<void>;
}

/** Keeps `parallel` order requests in flight until stopped; counts what the server acknowledged. */
function startBurst(base: string, buyers: MintedUser[], productId: string, parallel = 6): Burst {
  const acknowledged = new Map<string, number>();
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      n += 1;
      const buyer = buyers[n % buyers.length] as MintedUser;
      const quantity = 1 + (n % 4);
      try {
        const res = await http<{ insertedId: string }>(base, 'POST', '/api/orders', {
          auth: buyer.auth,
          body: orderBody({ productId, orderQuantity: quantity }),
        });
        if (res.status === 201) acknowledged.set(res.body.insertedId, quantity);
      } catch {
        // The connection died with the server: not acknowledged, so the order may or may not exist.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const workers = Array.from({ length: parallel }, worker);
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('crash safety of a PGlite data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-crash-'));
  const env = projectModeEnv(dataDir, PORT, { ACCESS_TOKEN_SECRET: SECRET, RATE_LIMIT_ORDERS_PER_MINUTE: '60000' });
  let buyers: MintedUser[] = [];
  let admin: MintedUser;
  let productId: string;
  let server: ServerProcess | null = null;

  /** Every stored order of the product, read through the API as an admin (paged). */
  const storedOrders = async (base: string) => {
    const all: { _id: string; orderQuantity: number; productId: string | null }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await http<{ items: typeof all; total: number }>(base, 'GET', `/api/orders?page=${page}&pageSize=100`, { auth: admin.auth });
      expect(res.status).toBe(200);
      all.push(...res.body.items);
      if (all.length >= res.body.total || res.body.items.length === 0) return all.filter((o) => o.productId === productId);
    }
  };
  const stock = async (base: string) => (await http<{ availableQnt: number }>(base, 'GET', `/api/products/${productId}`)).body.availableQnt;

  beforeAll(async () => {
    // The server owns the data directory while it runs, so the users and the product are written first.
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
    await runMigrations(database);
    buyers = await Promise.all(Array.from({ length: 8 }, () => mintUser(database.db, SECRET)));
    admin = await mintUser(database.db, SECRET, { admin: true });
    productId = await insertProduct(database.db, {
      name: 'Crash Test Grinder',
      description: 'G'.repeat(160),
      imageUrl: `/uploads/${'f'.repeat(64)}.webp`,
      price: 15,
      available: INITIAL_STOCK,
      minOrder: 1,
    });
    await database.close();
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });

  it('keeps every acknowledged order after kill -9 mid-burst, and the stock adds up', async () => {
    server = startServer(env);
    await waitReady(server);
    const burst = startBurst(server.url, buyers, productId);
    await waitFor(() => burst.acknowledged.size >= 40);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    await burst.stop();
    expect(burst.acknowledged.size).toBeGreaterThanOrEqual(40);

    // The dead process left its lock behind; the next start takes it over and recovers the database.
    server = startServer(env);
    await waitReady(server);
    const stored = await storedOrders(server.url);
    const storedIds = new Map(stored.map((o) => [o._id, o.orderQuantity]));
    for (const [id, quantity] of burst.acknowledged) expect(storedIds.get(id), `acknowledged order ${id}`).toBe(quantity);
    const sold = stored.reduce((sum, o) => sum + o.orderQuantity, 0);
    expect(await stock(server.url)).toBe(INITIAL_STOCK - sold);
  }, 180_000);

  it('shuts down cleanly on SIGINT during writes: exit 0, lock released, data reopens with every acknowledged order', async () => {
    if (!server) throw new Error('the previous test did not leave a running server');
    const running = server;
    const burst = startBurst(running.url, buyers, productId);
    await waitFor(() => burst.acknowledged.size >= 30);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    await burst.stop();
    server = null;
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Opened directly: a clean shutdown leaves a database that opens without the server.
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db
        .select({ id: orderLines.orderId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.productId, productId));
      const byId = new Map(rows.map((r) => [r.id, r.quantity]));
      for (const [id, quantity] of burst.acknowledged) expect(byId.get(id), `acknowledged order ${id}`).toBe(quantity);
      const sold = rows.reduce((sum, r) => sum + r.quantity, 0);
      expect((await findProduct(database.db, productId))?.available).toBe(INITIAL_STOCK - sold);
    } finally {
      await database.close();
    }
  }, 180_000);
});
