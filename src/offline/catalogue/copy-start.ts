// When the device may start saving its offline copy (the catalogue and the reviews in IndexedDB, in the
// catalogue's worker). On a first visit that waits until the service worker is active: its install
// downloads the app's files after the page has loaded, the worker's script among them, so the saving
// then starts from that copy instead of downloading the script while the page is still loading
// (docs/decisions/021-toasts-load-with-the-first.md). On later visits, and where there is no service
// worker, it does not wait. The callers then also wait for the page to have loaded and the browser to
// be idle (src/ui/when-idle.ts).

/** A service worker whose install never ends (a dead network) does not hold the offline copy back longer. */
const SERVICE_WORKER_WAIT_MS = 30_000;

let settle: () => void = () => undefined;
const serviceWorkerSettled = new Promise<void>((resolve) => {
  settle = resolve;
});

/** The service worker is active, or will not be (its registration failed, or there is none here). */
export function markServiceWorkerSettled(): void {
  settle();
}

function registersServiceWorker(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export function whenServiceWorkerSettled(): Promise<void> {
  if (typeof window === 'undefined' || !registersServiceWorker() || navigator.serviceWorker.controller) return Promise.resolve();
  const limit = new Promise<void>((resolve) => setTimeout(resolve, SERVICE_WORKER_WAIT_MS));
  return Promise.race([serviceWorkerSettled, limit]);
}
