import 'fake-indexeddb/auto';
// The catalogue sync run elsewhere (the dedicated worker, src/offline/catalogue/worker.ts): the page takes its
// outcome, warms the image cache with one tool per picture, and turns its failure into the API client's
// errors, flagging the saved copy as served offline when the server could not be reached.

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ApiError } from '../../src/api/errors';
import type { Product } from '../../src/contract/product';
import { onProductsSaved } from '../../src/offline/catalogue/saved';
import { CatalogueSyncError, runCatalogueSync, syncCatalogue, type SyncOutcome } from '../../src/offline/catalogue/sync';
import { openDatabase } from '../../src/offline/store/database';
import { getOfflineCatalogueTime, reportServedLive } from '../../src/offline/catalogue/offline-read';

const tool = (name: string, imageUrl: string): Product => ({
  _id: randomUUID(),
  name,
  description: `${name} for the trade counter.`,
  imageUrl,
  price: 10,
  availableQnt: 5,
  minOrderQnt: 1,
  sku: `FL-${randomUUID().slice(0, 6)}`,
  category: 'Drills',
});

afterEach(() => {
  reportServedLive();
  vi.unstubAllGlobals();
});

describe('catalogue sync through a runner', () => {
  it('hands back the counts and one tool per picture, and the page announces those', async () => {
    const db = openDatabase(`runner-${randomUUID()}`);
    const products = [tool('A', '/uploads/a.webp'), tool('B', '/uploads/a.webp'), tool('C', '/uploads/c.webp')];
    const outcome = await runCatalogueSync({ db, fetchChanges: async () => ({ version: 7, products, deleted: [] }), now: () => 1000 });
    expect(outcome.result).toEqual({ version: 7, syncedAt: 1000, changed: 3, deleted: 0, first: true });
    expect(outcome.pictures.map((p) => p.imageUrl)).toEqual(['/uploads/a.webp', '/uploads/c.webp']);
    expect(await db.products.count()).toBe(3);

    const announced: string[][] = [];
    const stop = onProductsSaved((saved) => announced.push(saved.map((p) => p.imageUrl)));
    const result = await syncCatalogue({ runner: async (): Promise<SyncOutcome> => outcome });
    stop();
    expect(result).toEqual(outcome.result);
    expect(announced).toEqual([['/uploads/a.webp', '/uploads/c.webp']]);
    db.close();
  });

  it('turns an unreachable server into a NetworkError and shows the saved copy as offline', async () => {
    const failure = { unreachable: true, status: null, code: 'network', message: 'offline', savedAt: 4242 };
    await expect(syncCatalogue({ runner: () => Promise.reject(new CatalogueSyncError(failure)) })).rejects.toBeInstanceOf(NetworkError);
    expect(getOfflineCatalogueTime()).toBe(4242);
  });

  it('turns a refusal into an ApiError with its status, and says nothing of offline', async () => {
    const failure = { unreachable: false, status: 400, code: 'invalid_data', message: 'since: must be a whole number', savedAt: null };
    const error = await syncCatalogue({ runner: () => Promise.reject(new CatalogueSyncError(failure)) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(getOfflineCatalogueTime()).toBeNull();
  });

  it('reports a failed download inside the runner with the time of the saved copy', async () => {
    const db = openDatabase(`runner-${randomUUID()}`);
    await runCatalogueSync({ db, fetchChanges: async () => ({ version: 1, products: [tool('A', '/uploads/a.webp')], deleted: [] }), now: () => 500 });
    const error = await runCatalogueSync({ db, fetchChanges: () => Promise.reject(new NetworkError()) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueSyncError);
    expect((error as CatalogueSyncError).failure).toMatchObject({ unreachable: true, code: 'network', savedAt: 500 });
    db.close();
  });
});
