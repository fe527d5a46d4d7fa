// The camera's barcode reader kept on the device for offline scanning (docs/decisions/048-barcodes-on-the-counter.md).
// Its WebAssembly (1.09 MB, 357 KB Brotli) is not part of the service worker's install, which every visitor's
// browser downloads: the service worker keeps it in a cache of its own once it has been fetched through it, and
// the app of a signed-in dealer or rep fetches it once, when the page has loaded and the browser is idle.

import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { READER_CACHE_NAME } from '../../offline/store';
import { afterLoadWhenIdle } from '../../ui/when-idle';

/** Where the app serves the reader's WebAssembly: this origin, never a CDN (the CSP allows no other, and offline there is none). */
export const BARCODE_READER_URL = wasmUrl;

/** Whether the service worker holds the reader, so the camera reads barcodes offline. */
export async function barcodeReaderSaved(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const cache = await caches.open(READER_CACHE_NAME);
  return (await cache.match(new URL(BARCODE_READER_URL, location.href).href)) !== undefined;
}

function whenControlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
}

let asked = false;

/**
 * Fetches the reader through the service worker once per page, when it does not hold it yet: once the page has
 * loaded, the browser is idle, and the service worker controls the page (a first visit's install comes first).
 */
export function keepBarcodeReaderOffline(): void {
  if (asked || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  asked = true;
  void afterLoadWhenIdle()
    .then(whenControlled)
    .then(barcodeReaderSaved)
    .then(async (saved) => {
      if (saved || !navigator.onLine) {
        if (!saved) asked = false;
        return;
      }
      const response = await fetch(BARCODE_READER_URL);
      // Read to the end, so the service worker's copy is whole before this resolves.
      await response.arrayBuffer();
    })
    .catch(() => {
      // Unreachable now: the next signed-in page asks again.
      asked = false;
    });
}
