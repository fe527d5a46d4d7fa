// What a queued order is and what may be done with it, without the database: its shape as a screen
// queues it, its name and pieces in lists, whether Edit is allowed now. Screens read these at once; the
// outbox itself (queue.ts) loads with IndexedDB when first used.

import type { PaymentChoice } from '../../contract/account-terms';
import type { CurrencyCode } from '../../contract/money';
import type { TaxTerms } from '../../contract/tax';
import type { ApprovalToSend, OutboxItem, OutboxLine, SentOrder } from '../store/database';

/** A tool of an order as the dealer placed it: which, how many, and the unit price they saw. */
export type QueuedLine = Pick<OutboxLine, 'productId' | 'productName' | 'imageUrl' | 'quantity' | 'unitPrice' | 'unitPriceMinor'>;

/** An order as it is queued; the outbox adds its own bookkeeping (state, attempts, times). */
export interface QueuedOrder {
  clientOrderId: string;
  ownerEmail: string;
  userAddress: string;
  userPhone: string;
  /** The company's location chosen; none for a one-off address. */
  locationId?: string | null | undefined;
  /** The company a sales rep orders for; none for a dealer's own order. */
  companyId?: string | null | undefined;
  /** The dealer's purchase-order number; none when none was typed. */
  poNumber?: string | null | undefined;
  /** Card or on account, as chosen; none: the server's default. */
  payment?: PaymentChoice | null | undefined;
  lines: readonly QueuedLine[];
  /** The price list the lines' `unitPriceMinor` were priced with: its currency and version; none at list price. */
  currency?: CurrencyCode | null | undefined;
  priceListVersion?: number | null | undefined;
  /** The tax the form showed (docs/decisions/046); none for an untaxed order. */
  tax?: TaxTerms | null | undefined;
  /** A request for a quote instead of an order: the dealer's message ('' for none); none for an order. */
  quoteMessage?: string | null | undefined;
  /** An approver's decision on a waiting order instead of an order; none for an order. */
  approval?: ApprovalToSend | null | undefined;
  /** A request with this clientOrderId may already have reached the server. */
  maybeDelivered?: boolean;
}

/** The dealer's changes to a queued order: its remaining lines (a line left out is removed), address, phone and PO number. */
export interface OutboxEdit {
  /** Each line's quantity and the unit price the dealer now accepts (the current one, after a price change). */
  lines: { productId: string; quantity: number; unitPrice: number; unitPriceMinor?: number | undefined }[];
  userAddress: string;
  userPhone: string;
  /** The PO number as now typed ('' for none); left out, the order keeps its own. */
  poNumber?: string;
}

export class OutboxEditRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxEditRefused';
  }
}

/** How an order is named in lists and messages, as My Orders names it: its first tool and how many more. */
export function queuedOrderName(lines: readonly Pick<OutboxLine, 'productName'>[]): string {
  const [first] = lines;
  const more = lines.length - 1;
  return more > 0 ? `${first?.productName ?? ''} and ${more} more` : (first?.productName ?? '');
}

/** Whether a saved item asks for a quote (docs/decisions/058-quotes.md) rather than places an order. */
export const isQuoteRequest = (item: { quoteMessage?: string | null | undefined }): boolean => typeof item.quoteMessage === 'string';

/** The approver's decision a saved item carries, if it is one rather than an order. */
export const approvalOf = (item: { approval?: ApprovalToSend | null | undefined }): ApprovalToSend | null => item.approval ?? null;

/** Whether a saved item is an order (My Orders lists those): not a quote request, not an approver's decision. */
export const isOrderItem = (item: Pick<QueuedOrder, 'quoteMessage' | 'approval'>): boolean => !isQuoteRequest(item) && approvalOf(item) === null;

/** How many pieces an order holds, over all its lines. */
export const queuedPieces = (lines: readonly Pick<OutboxLine, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * How long a sender holds the outbox while it sends (docs/decisions/008-order-outbox-lock-and-lease.md): a
 * send begun longer ago than this was cut short (the app closed or the tab reloaded mid-send).
 */
export const SEND_LEASE_MS = 45_000;

/** Whether a send of the item is under way now, by this tab, another or the service worker. */
const sendingNow = (item: OutboxItem, now: number, windowMs = SEND_LEASE_MS): boolean => item.sendingSince !== null && now - item.sendingSince < windowMs;

/** Whether Edit is allowed now, and if not, why. */
export function editBlocker(item: OutboxItem, now = Date.now(), sendWindowMs = 30_000): string | null {
  if (sendingNow(item, now, sendWindowMs)) return 'It is being sent right now.';
  // A request may have reached the server: a changed resend would be answered with the first order. A send
  // cut short (sendingSince left behind) never recorded its outcome, so it may have reached the server too.
  if (item.state === 'waiting' && (item.maybeDelivered || item.sendingSince !== null)) return 'It may already have reached the server; wait for its answer.';
  return null;
}

/** Where an order saved on this device stands, as the This Device screen and My Orders show it. */
export type DeviceOrderState =
  /** Saved, to be sent by itself; `reason` says why the last send did not go through, null before any. */
  | { kind: 'waiting'; reason: string | null; signInRequired: boolean }
  /** A send of it is under way since then. */
  | { kind: 'sending'; since: number }
  /** The server refused it: `reason` is its word, in the dealer's terms. */
  | { kind: 'needs-attention'; reason: string }
  /** The server has it under `orderNumber` (null from a server without numbers), since `at`. */
  | { kind: 'confirmed'; orderId: string; orderNumber: string | null; at: number };

const CUT_SHORT = 'Its last send was cut short; it will be sent again, and the server never places it twice.';

const isSent = (item: OutboxItem | SentOrder): item is SentOrder => 'sentAt' in item;

/** The state of an order saved on this device, from its record alone. */
export function deviceOrderState(item: OutboxItem | SentOrder, now = Date.now()): DeviceOrderState {
  if (isSent(item)) return { kind: 'confirmed', orderId: item.orderId, orderNumber: item.orderNumber, at: item.sentAt };
  if (item.state === 'needs-attention') return { kind: 'needs-attention', reason: item.lastError?.message ?? 'The server refused it.' };
  if (item.sendingSince !== null && sendingNow(item, now)) return { kind: 'sending', since: item.sendingSince };
  const signInRequired = item.lastError?.status === 401;
  const reason = item.sendingSince !== null ? CUT_SHORT : (item.lastError?.message ?? null);
  return { kind: 'waiting', reason, signInRequired };
}
