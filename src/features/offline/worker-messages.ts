// Names shared by the page and the service worker (sw/sw.ts).

/** Page -> worker: fetch and cache these product image URLs. */
export const WARM_IMAGES_MESSAGE = 'WARM_IMAGES';
/** Worker -> pages: a Background Sync flush of the outbox finished; the report is attached. */
export const OUTBOX_FLUSHED_MESSAGE = 'OUTBOX_FLUSHED';
export const IMAGE_CACHE_NAME = 'product-images';
