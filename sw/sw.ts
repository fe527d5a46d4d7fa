/// <reference lib="webworker" />
// The service worker (docs/architecture.md, "Offline"): precaches the app shell, the prerendered pages and
// route chunks, serves them for navigations while offline (never for /api or /uploads), keeps product images cache-first, and
// sends the order outbox on Background Sync with the same flush function the page uses, and shows the shop's
// notifications (sw/notifications.ts).

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { flushOutbox, type FlushReport } from '../src/offline/outbox';
import { readTokenCopy, tokenEmail } from '../src/api/token-store';
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES, prerenderedFileFor } from '../src/contract/prerendered-pages';
import { SCREEN_FRAME_FILES, screenFrameFor } from '../src/contract/screen-frames';
import { parsePictureUrl, pictureStandIns, pictureUrl } from '../src/contract/pictures';
import { listenForNotifications } from './notifications';
import { IMAGE_CACHE_NAME, OUTBOX_FLUSHED_MESSAGE, OUTBOX_SYNC_TAG, READER_CACHE_NAME, SKIP_WAITING_MESSAGE, WARM_IMAGES_MESSAGE } from '../src/offline/store';

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
listenForNotifications(self);

// Navigations: the public pages and paths no client route knows get their prerendered HTML, every other
// client route the shell (docs/architecture.md, "Prerendered public pages"). Never /api or /uploads.
const notForPages = [/^\/api(\/|$)/u, /^\/uploads\//u];
const shell = createHandlerBoundToURL('/index.html');
const prerenderedPages = new Map<string, ReturnType<typeof createHandlerBoundToURL>>(
  [...PRERENDERED_PAGES, NOT_FOUND_PAGE].map(({ file }) => [file, createHandlerBoundToURL(`/${PRERENDERED_DIR}/${file}`)]),
);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !notForPages.some((path) => path.test(url.pathname)) && prerenderedFileFor(url.pathname) !== null,
  (options) => (prerenderedPages.get(prerenderedFileFor(options.url.pathname) ?? NOT_FOUND_PAGE.file) ?? shell)(options),
);
// Dashboard and sign-in screens get their frame (docs/architecture.md, "Screen frames"); the purchase page's
// frame is filled in by the server, so offline it gets the shell.
const screenFrames = new Map(SCREEN_FRAME_FILES.map((file) => [file, createHandlerBoundToURL(`/${PRERENDERED_DIR}/${file}`)]));
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && screenFrameFor(url.pathname) !== null,
  (options) => (screenFrames.get(screenFrameFor(options.url.pathname) ?? '') ?? shell)(options),
);
registerRoute(new NavigationRoute(shell, { denylist: notForPages }));

// Uploaded product images have content-hashed names, so a cached copy is never stale. Each picture comes at
// several widths (docs/architecture.md, "Images"); a width never fetched is answered offline with another
// width of the same picture that is in the cache.
const images = new CacheFirst({
  cacheName: IMAGE_CACHE_NAME,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});
const isProductImage = (url: URL) => url.origin === self.location.origin && parsePictureUrl(url.pathname) !== null;
registerRoute(
  ({ url }) => isProductImage(url),
  async (options) => {
    try {
      return await images.handle(options);
    } catch (error) {
      const cache = await caches.open(IMAGE_CACHE_NAME);
      for (const standIn of pictureStandIns(options.url.pathname)) {
        const cached = await cache.match(new URL(standIn, self.location.origin).href);
        if (cached) return cached;
      }
      throw error;
    }
  },
);

// The camera's barcode reader (WebAssembly, content-hashed) is kept once fetched through the worker, for
// signed-in dealers' offline scanning, instead of with the install every visitor downloads (decision 048).
const readers = new CacheFirst({
  cacheName: READER_CACHE_NAME,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 2, purgeOnQuotaError: true })],
});
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'), readers);

const MAX_WARM_IMAGES = 300;
/** The width fetched ahead for offline use: a card's on most screens, and a fair stand-in for the others. */
const WARM_WIDTH = 640;

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // The page asks a waiting worker to take over when the user accepts the update.
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  // After the catalogue is saved, its pictures are fetched too, so every saved product shows offline.
  if (data?.type === WARM_IMAGES_MESSAGE && Array.isArray(data.urls)) {
    const urls = data.urls
      .filter((u): u is string => typeof u === 'string')
      .map((u) => new URL(u, self.location.origin))
      .flatMap((url) => {
        const picture = url.origin === self.location.origin ? parsePictureUrl(url.pathname) : null;
        return picture ? [new URL(pictureUrl(picture.hash, picture.width ?? WARM_WIDTH), self.location.origin)] : [];
      })
      .slice(0, MAX_WARM_IMAGES);
    event.waitUntil(Promise.allSettled(urls.map((url) => images.handle({ event, request: new Request(url.href) }))));
  }
});

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
