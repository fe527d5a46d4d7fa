// The PWA's IndexedDB database (DESIGN section 9): the catalogue and reviews saved for offline reading,
// the order outbox, and small facts in `meta`. The page and the service worker open the same database.

import Dexie, { type Table } from 'dexie';
import type { Product } from '../contract/product';
import type { Review } from '../contract/review';

export const DATABASE_NAME = 'forgeline';

export type OutboxState = 'waiting' | 'needs-attention';

/** An order placed offline, waiting to be sent with its own clientOrderId (exactly once, DESIGN section 6). */
export interface OutboxItem {
  clientOrderId: string;
  /** The signed-in user who placed it; nobody else sends or sees it. Lower case. */
  ownerEmail: string;
  productId: string;
  productName: string;
  imageUrl: string;
  orderQuantity: number;
  userAddress: string;
  userPhone: string;
  /** The unit price and total the customer saw; the server answers 409 price_changed if they differ. */
  unitPrice: number;
  totalPrice: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  state: OutboxState;
  /** Sends that ended without a definitive answer (network failure, 5xx, 429). */
  attempts: number;
  /** Epoch ms before which the timer does not retry (backoff); an 'online' or sync event ignores it. */
  nextAttemptAt: number;
  /** Set while a send is in flight, so the screen does not let the user edit it under the sender. */
  sendingSince: number | null;
  /** True once a send may have reached the server without an answer: the order may already exist. */
  maybeDelivered: boolean;
  /** The server's last word on it: a 409 reason, another 4xx, 401 or the network failure. */
  lastError: { status: number; code: string; message: string } | null;
  /** The product as the server sent it with a 409, so the user can adjust to the current price and stock. */
  serverProduct: Product | null;
}

/** A catalogue row as saved: when (epoch ms, for the offline notice) and where it stood in the server's list. */
export type Saved<T> = T & { savedAt: number; position: number };

export interface MetaEntry {
  key: string;
  value: unknown;
}

export type ForgelineDatabase = Dexie & {
  // Every key comes with the row (server ids, client order ids), so rows are inserted whole.
  products: Table<Saved<Product>, string>;
  reviews: Table<Saved<Review>, string>;
  outbox: Table<OutboxItem, string>;
  meta: Table<MetaEntry, string>;
};

export function openDatabase(name = DATABASE_NAME): ForgelineDatabase {
  const db = new Dexie(name) as ForgelineDatabase;
  db.version(1).stores({
    products: '_id',
    reviews: '_id',
    outbox: 'clientOrderId, ownerEmail, [ownerEmail+createdAt]',
    meta: 'key',
  });
  return db;
}

let shared: ForgelineDatabase | null = null;

/** The database of this page or worker, opened on first use. */
export function getDatabase(): ForgelineDatabase {
  shared ??= openDatabase();
  return shared;
}
