// What the page and the service worker (sw/sw.ts) say to each other, and the cache they share. Neutral
// ground: the worker imports this, never a feature or a screen.

/** Page -> waiting worker: take over now (the message workbox-window's messageSkipWaiting sends). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** Page -> worker: fetch and cache these product image URLs. */
export const WARM_IMAGES_MESSAGE = 'WARM_IMAGES';
/** Worker -> pages: a Background Sync flush of the outbox finished; the report is attached. */
export const OUTBOX_FLUSHED_MESSAGE = 'OUTBOX_FLUSHED';

export const IMAGE_CACHE_NAME = 'product-images';
/** The camera's barcode reader (WebAssembly), kept by the worker once a signed-in dealer's app fetched it through it. */
export const READER_CACHE_NAME = 'barcode-reader';
/** The Background Sync tag under which the worker sends the outbox when the connection is back. */
export const OUTBOX_SYNC_TAG = 'outbox';
