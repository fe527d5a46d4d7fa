// Registers the service worker with workbox-window and runs the one update path
// (docs/architecture.md, "Offline"): a waiting new version is offered with 'A new version is available' and a
// Reload action; the page never reloads under a user who is typing.

import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { createNotifier } from '../../lib/notify';
import { onProductsSaved } from '../../offline/catalogue';
import type { FlushReport } from '../../offline/outbox';
import { OUTBOX_FLUSHED_MESSAGE, WARM_IMAGES_MESSAGE } from '../../offline/store';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
const workerFlushes = createNotifier<FlushReport>();

export interface UpdateFlowDeps {
  /** Tells the waiting worker to take over (workbox-window's messageSkipWaiting). */
  skipWaiting: () => void;
  reload: () => void;
  isTyping: () => boolean;
}

/**
 * The update prompt's state: shown while a new version waits; Reload activates it. When the new worker
 * takes over because another tab pressed Reload, this tab reloads too, unless its user is typing: then
 * the prompt stays up and their own Reload finishes the update.
 */
export function createUpdateFlow(deps: UpdateFlowDeps) {
  let shown = false;
  let userAccepted = false;
  // The new worker already controls this page: Reload only has to reload.
  let reloadPending = false;
  const changes = createNotifier();
  const set = (value: boolean) => {
    shown = value;
    changes.notify();
  };
  return {
    isShown: () => shown,
    subscribe: changes.subscribe,
    waiting: () => set(true),
    controlling(isUpdate: boolean): void {
      if (!isUpdate) return;
      if (userAccepted || !deps.isTyping()) {
        deps.reload();
        return;
      }
      reloadPending = true;
      set(true);
    },
    accept(): void {
      userAccepted = true;
      set(false);
      if (reloadPending) deps.reload();
      else deps.skipWaiting();
    },
    dismiss: () => set(false),
  };
}

const updates = createUpdateFlow({
  skipWaiting: () => workbox?.messageSkipWaiting(),
  reload: () => window.location.reload(),
  isTyping: () => isUserTyping(),
});

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(updates.subscribe, updates.isShown, () => false);
}

/** Reports of Background Sync flushes done by the worker. */
export const onWorkerFlush = workerFlushes.subscribe;

const EDITABLE_INPUT = /^(text|search|email|tel|url|password|number|date|datetime-local|month|time|week)$/u;

/** Focus in a field that takes text, or text typed into a field and not yet submitted. */
export function isUserTyping(doc: Document = document): boolean {
  const active = doc.activeElement;
  if (active instanceof HTMLTextAreaElement || (active instanceof HTMLElement && active.isContentEditable)) return true;
  if (active instanceof HTMLInputElement && EDITABLE_INPUT.test(active.type) && !active.readOnly) return true;
  const fields = doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([readonly]), textarea:not([readonly])');
  return Array.from(fields).some((field) => {
    const takesText = field instanceof HTMLTextAreaElement || EDITABLE_INPUT.test(field.type);
    return takesText && field.value !== field.defaultValue;
  });
}

/** The user pressed Reload: activate the waiting worker; its takeover reloads this page. */
export function acceptUpdate(): void {
  updates.accept();
}

export function dismissUpdate(): void {
  updates.dismiss();
}

export function registerServiceWorker(): void {
  if (workbox) return;
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;

  wb.addEventListener('waiting', updates.waiting);
  wb.addEventListener('controlling', (event) => updates.controlling(Boolean(event.isUpdate)));

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; report?: FlushReport }>) => {
    if (event.data?.type === OUTBOX_FLUSHED_MESSAGE && event.data.report) {
      workerFlushes.notify(event.data.report);
    }
  });

  onProductsSaved((products) => {
    void navigator.serviceWorker.ready.then((registration) =>
      // Tools often share a picture: each is asked for once (the worker fetches a limited number).
      registration.active?.postMessage({ type: WARM_IMAGES_MESSAGE, urls: [...new Set(products.map((product) => product.imageUrl))] }),
    );
  });

  void wb.register().then(
    (registration) => {
      if (!registration) return;
      // Tablets stay open all day at the counter: look for a new version now and then.
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    () => undefined,
  );
}
