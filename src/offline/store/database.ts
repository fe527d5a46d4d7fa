// The PWA's IndexedDB database (docs/architecture.md, "Offline"): the catalogue and reviews saved for offline
// reading, the order outbox and the orders it sent, each dealer's order pad, and small facts in `meta`. The page and the service worker open the same database.

import Dexie, { type Table } from 'dexie';
import type { PaymentChoice } from '../../contract/account-terms';
import type { CurrencyCode } from '../../contract/money';
import type { OrderStatus } from '../../contract/order-status';
import type { TaxTerms } from '../../contract/tax';
import { LINE_PROBLEM_CODES } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import type { Review } from '../../contract/review';
import { productWords } from './product-words';

export const DATABASE_NAME = 'forgeline';

export type OutboxState = 'waiting' | 'needs-attention';

/** One tool of a queued order, priced as the dealer saw it. */
export interface OutboxLine {
  productId: string;
  productName: string;
  imageUrl: string;
  quantity: number;
  /** The unit price shown (volume tier applied); the server refuses the line with price_changed if it differs. */
  unitPrice: number;
  /**
   * The unit price shown from the company's price list, in minor units of the item's `currency`, sent in place
   * of `unitPrice` (docs/decisions/045-price-lists-and-money.md); missing on orders priced at list price and on
   * orders saved before price lists, which send `unitPrice` as before.
   */
  unitPriceMinor?: number;
  /**
   * The server's reason for refusing this line in its last 409, cleared when the dealer edits the order. A
   * price list's price_changed carries the unit price seen and the one it costs now, in minor units of `currency`.
   */
  problem: { code: string; message: string; seenPriceMinor?: number; priceMinor?: number; currency?: CurrencyCode } | null;
  /** The tool as the server sent it with that refusal (current price, rules and stock). */
  serverProduct: Product | null;
}

/**
 * An order placed offline, waiting to be sent exactly once with its own clientOrderId
 * (docs/architecture.md, "Orders and stock"). An order is its lines, whichever screen placed it: the
 * purchase page's one-tool order has one, the order pad's as many as the pad had.
 */
/** An approver's decision saved to be sent: which order (id and number), approve or decline, and the reason for a decline. */
export interface ApprovalToSend {
  orderId: string;
  orderNumber: string | null;
  decision: 'approve' | 'decline';
  reason: string | null;
}

export interface OutboxItem {
  clientOrderId: string;
  /** The signed-in user who placed it; nobody else sends or sees it. Lower case. */
  ownerEmail: string;
  /** At least one. */
  lines: OutboxLine[];
  userAddress: string;
  userPhone: string;
  /**
   * The company's location it goes to, whose address and phone are `userAddress` and `userPhone`; missing
   * (or null) for an address typed for this order alone, and on orders saved before locations.
   */
  locationId?: string | null;
  /** The company a sales rep ordered it for (docs/decisions/043-sales-reps.md); missing for a dealer's own order. */
  companyId?: string | null;
  /**
   * The dealer's purchase-order number (docs/decisions/044-orders-on-account.md); missing (or null) when none
   * was typed, and on orders saved before PO numbers, which are sent without one as before.
   */
  poNumber?: string | null;
  /** Card or on the company's account, as chosen; missing (or null) for the server's default, as orders saved before accounts are sent. */
  payment?: PaymentChoice | null;
  /**
   * A request for a quote on the lines instead of an order (docs/decisions/058-quotes.md): the dealer's message, ''
   * for none; missing (or null) for an order. Sent to POST /api/quotes under its clientOrderId, as an order is.
   */
  quoteMessage?: string | null;
  /**
   * An approver's decision on a buyer's order waiting for approval, instead of an order
   * (docs/decisions/055-buyer-approvals-and-spending-limits.md): sent to POST /api/orders/{orderId}/approval with
   * the item's clientOrderId as its decisionId. Its lines are the order's, for lists to name it.
   */
  approval?: ApprovalToSend | null;
  /** The total the dealer saw, the sum of the line totals; the server refuses the order if its own differs. */
  totalPrice: number;
  /** The price list's currency and version the lines' `unitPriceMinor` come from; missing (or null) at list price. */
  currency?: CurrencyCode | null;
  priceListVersion?: number | null;
  /**
   * The tax the form showed for the order's place (docs/decisions/046), so the waiting order reads as net, tax
   * and gross; missing for an untaxed order. The server works the tax out again when the order arrives.
   */
  tax?: TaxTerms | null;
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
  /** Epoch ms the last send began; missing until the first, and on orders saved before it was kept. */
  lastAttemptAt?: number;
  /** True once a send may have reached the server without an answer: the order may already exist. */
  maybeDelivered: boolean;
  /** The server's last word on it: a 409 reason, another 4xx, 401 or the network failure. */
  lastError: { status: number; code: string; message: string } | null;
}

/**
 * An order this device sent from its outbox and the server stored: the item as it was sent, with the server's
 * answer. Kept a while (the newest per account, for a few weeks) so the dealer sees what became of each saved
 * order; nothing is sent from here.
 */
export type SentOrder = OutboxItem & {
  /** Epoch ms the server's answer arrived. */
  sentAt: number;
  orderId: string;
  /** The number the server gave the order (`O-2026-00042`); null from a server without numbers. */
  orderNumber: string | null;
  status: OrderStatus | null;
};

/**
 * A one-tool order as the outbox kept it before orders were their lines (database version 3 and
 * earlier): the tool's fields on the item itself. Version 4 turns each into an item with one line.
 */
interface OneToolOutboxItem {
  productId: string;
  productName: string;
  imageUrl: string;
  orderQuantity: number;
  unitPrice: number;
  serverProduct: Product | null;
  lastError: OutboxItem['lastError'];
  state: OutboxState;
  lines?: OutboxLine[];
}

const isLineProblemCode = (code: string): boolean => (LINE_PROBLEM_CODES as readonly string[]).includes(code);

/** Version 4's upgrade of one stored outbox item, in place: an order saved before the update is never lost. */
export function toLinesItem(stored: Record<string, unknown>): void {
  const item = stored as unknown as OneToolOutboxItem;
  if (!Array.isArray(item.lines)) {
    // The server's refusal of a one-tool order named the tool's problem: it stays on the line.
    const refusal = item.state === 'needs-attention' ? item.lastError : null;
    const problem = refusal && isLineProblemCode(refusal.code) ? { code: refusal.code, message: refusal.message } : null;
    item.lines = [
      {
        productId: item.productId,
        productName: item.productName,
        imageUrl: item.imageUrl,
        quantity: item.orderQuantity,
        unitPrice: item.unitPrice,
        problem,
        serverProduct: item.serverProduct ?? null,
      },
    ];
  }
  // The first line's copies on the item (a bulk order kept them too) are read from the lines now.
  for (const key of ['productId', 'productName', 'imageUrl', 'orderQuantity', 'unitPrice', 'serverProduct']) delete stored[key];
}

/** One line of a dealer's order pad: a tool and how many, kept until the pad is ordered or the line removed. */
export interface PadLine {
  /** The signed-in user whose pad it is; nobody else sees it. Lower case. */
  ownerEmail: string;
  productId: string;
  quantity: number;
  /** Epoch ms when the tool was first put on the pad: the pad lists its lines in that order. */
  addedAt: number;
}

/** A catalogue row as saved: when (epoch ms, for the offline notice) and where it stood in the server's list. */
export type Saved<T> = T & { savedAt: number; position: number };

/**
 * A saved tool with what the local search reads through indexes: `words`, the lower-cased words of its
 * name, SKU and description, and `nameWords`, those of its name and SKU only (they rank first, as on the
 * server). `position` orders the catalogue newest first: a tool first seen by this device takes a
 * position below every other.
 */
export type SavedProduct = Saved<Product> & { words: string[]; nameWords: string[] };

export interface MetaEntry {
  key: string;
  value: unknown;
}

export type ForgelineDatabase = Dexie & {
  // Every key comes with the row (server ids, client order ids), so rows are inserted whole.
  products: Table<SavedProduct, string>;
  reviews: Table<Saved<Review>, string>;
  outbox: Table<OutboxItem, string>;
  sentOrders: Table<SentOrder, string>;
  orderPad: Table<PadLine, [string, string]>;
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
  // Version 2 adds the order pad; the tables of version 1 are kept as they are.
  db.version(2).stores({ orderPad: '[ownerEmail+productId], [ownerEmail+addedAt]' });
  // Version 3 indexes the catalogue for searching offline (words, category, newest first); rows saved
  // before get their words here.
  db.version(3)
    .stores({ products: '_id, position, category, [category+position], *words, *nameWords' })
    .upgrade((tx) =>
      tx
        .table<SavedProduct, string>('products')
        .toCollection()
        .modify((row) => {
          Object.assign(row, productWords(row));
        }),
    );
  // Version 4: an order is its lines. Orders saved by the purchase page as one tool get one line.
  db.version(4)
    .stores({})
    .upgrade((tx) =>
      tx
        .table('outbox')
        .toCollection()
        .modify((row: Record<string, unknown>) => toLinesItem(row)),
    );
  // Version 5 keeps only the index the sync reads (`position`). Searches run on the worker's in-memory
  // index, built from the rows' own words, so the indexes on category and on every word were written with
  // each tool and never read; in Chromium they made saving a first copy 1.3 to 2.4 times slower.
  db.version(5).stores({ products: '_id, position' });
  // Version 6 keeps the orders the outbox sent, with the server's number, for a while (outbox/queue.ts).
  db.version(6).stores({ sentOrders: 'clientOrderId, [ownerEmail+sentAt]' });
  return db;
}

let shared: ForgelineDatabase | null = null;

/** The database of this page or worker, opened on first use. */
export function getDatabase(): ForgelineDatabase {
  shared ??= openDatabase();
  return shared;
}
