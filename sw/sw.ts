/// <reference lib="webworker" />
// The service worker (DESIGN section 9): precaches the app shell and route chunks, serves index.html
// for client routes while offline (never for /api or /uploads), keeps product images cache-first, and
// sends the order outbox on Background Sync with the same flush function the page uses.

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { flushOutbox, OUTBOX_SYNC_TAG, type FlushReport } from '../src/db/outbox-sync';
import { readTokenCopy } from '../src/features/auth/token-store';
import { IMAGE_CACHE_NAME, OUTBOX_FLUSHED_MESSAGE, WARM_IMAGES_MESSAGE } from '../src/features/offline/worker-messages';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync (not in TypeScript's WebWorker library: the API is Chromium's). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit is controlled at once (its pictures are cached as they load); an update still waits for the user's Reload.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/u, /^\/uploads\//u] }));

// Uploaded product images have content-hashed names, so a cached copy is never stale.
const images = new CacheFirst({
  cacheName: IMAGE_CACHE_NAME,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});
const isProductImage = (url: URL) => url.origin === self.location.origin && /^\/uploads\/[a-f0-9]{64}\.webp$/u.test(url.pathname);
registerRoute(({ url }) => isProductImage(url), images);

const MAX_WARM_IMAGES = 300;

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // The page asks a waiting worker to take over when the user accepts the update.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // After the catalogue is saved, its pictures are fetched too, so every saved product shows offline.
  if (data?.type === WARM_IMAGES_MESSAGE && Array.isArray(data.urls)) {
    const urls = data.urls
      .filter((u): u is string => typeof u === 'string')
      .map((u) => new URL(u, self.location.origin))
      .filter(isProductImage)
      .slice(0, MAX_WARM_IMAGES);
    event.waitUntil(Promise.allSettled(urls.map((url) => images.handle({ event, request: new Request(url.href) }))));
  }
});

/** The e-mail our access token was issued to; the server checks the signature, this only picks the owner. */
function tokenEmail(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/gu, '+').replace(/_/gu, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

async function tellPages(report: FlushReport): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: OUTBOX_FLUSHED_MESSAGE, report });
}

async function syncOutbox(lastChance: boolean): Promise<void> {
  const token = await readTokenCopy();
  const email = token ? tokenEmail(token) : null;
  // Signed out: the orders wait for their owner to sign in again and the page to send them.
  if (!token || !email) return;
  const report = await flushOutbox({ email, token }, { force: true });
  await tellPages(report);
  // Rejecting asks the browser to fire the sync again later, with its own backoff.
  if (report.ran && report.waiting > 0 && !report.signInRequired && !lastChance) throw new Error('Orders are still waiting for the network.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox(sync.lastChance));
});
