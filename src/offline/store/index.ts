// The front door of the device's store (docs/architecture.md, "Offline"): whether there is a connection,
// what the page and the service worker say to each other, and each dealer's order pad. The IndexedDB
// code (Dexie) behind the pad loads with its first use, not with the app (first-load JavaScript budget,
// docs/performance.md). The outbox and the saved catalogue build on this store and have doors of their own.

import type { SavedList } from '../../contract/saved-list';
import type { PadLine } from './database';
import type { KeptSavedLists } from './saved-lists';
import { lazyWatch } from './lazy-watch';

export type { PadLine } from './database';
export { isOnline, subscribeOnline } from './network';
export { IMAGE_CACHE_NAME, OUTBOX_FLUSHED_MESSAGE, OUTBOX_SYNC_TAG, READER_CACHE_NAME, SKIP_WAITING_MESSAGE, WARM_IMAGES_MESSAGE } from './worker-messages';

const pad = () => import('./order-pad');

/** Puts a tool on the user's pad, or adds `quantity` to the line it already has. */
export async function addToPad(email: string, productId: string, quantity: number): Promise<void> {
  await (await pad()).addToPad(email, productId, quantity);
}

/** Puts many tools on the user's pad in one write, each as addToPad would. */
export async function addManyToPad(email: string, lines: readonly { productId: string; quantity: number }[]): Promise<void> {
  await (await pad()).addManyToPad(email, lines);
}

/** Sets a line's quantity; false when the tool is not on the pad (removed meanwhile, in another tab). */
export async function setPadQuantity(email: string, productId: string, quantity: number): Promise<boolean> {
  return (await pad()).setPadQuantity(email, productId, quantity);
}

export async function removeFromPad(email: string, productId: string): Promise<void> {
  await (await pad()).removeFromPad(email, productId);
}

/** Calls `listener` with the user's pad, in the order its tools were added, now and after every change; returns the function that stops it. */
export function watchPad(email: string, listener: (lines: PadLine[]) => void, onError: (error: unknown) => void): () => void {
  return lazyWatch(pad, (module) => module.watchPad(email, listener, onError), onError);
}

/** Empties the user's pad and puts these tools on it, in one write: the pad is either as it was or the new one. */
export async function replacePad(email: string, lines: readonly { productId: string; quantity: number }[]): Promise<void> {
  await (await pad()).replacePad(email, lines);
}

const savedLists = () => import('./saved-lists');

export type { KeptSavedLists } from './saved-lists';

/** The company's saved lists as this device last kept them for the account; undefined when none were kept. */
export async function readSavedLists(email: string, companyId: string | null): Promise<KeptSavedLists | undefined> {
  return (await savedLists()).readSavedLists(email, companyId);
}

/** Keeps the company's saved lists, as the server gave them, for reading and using offline. */
export async function keepSavedLists(email: string, companyId: string | null, lists: SavedList[]): Promise<void> {
  await (await savedLists()).keepSavedLists(email, companyId, lists);
}

/** Logout: the company's lists leave the device with the session. */
export async function forgetSavedLists(): Promise<void> {
  await (await savedLists()).forgetSavedLists(null);
}
