// The app's toasts. sonner draws them, but its code (9.1 KB gzipped) loads with the first toast
// rather than with every page: most visits show none (docs/decisions/021-toasts-load-with-the-first.md).
// A toast asked for before sonner is on screen waits in order and shows as soon as it is.

import type { ExternalToast } from 'sonner';
import { createNotifier } from '../lib/notify';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastCall {
  kind: ToastKind;
  message: string;
  options?: ExternalToast;
}

let deliver: ((call: ToastCall) => void) | null = null;
let dismissShown: ((id: string) => void) | null = null;
const waiting: ToastCall[] = [];
let requested = false;
const requests = createNotifier();

function show(kind: ToastKind, message: string, options?: ExternalToast): void {
  const call: ToastCall = options ? { kind, message, options } : { kind, message };
  if (deliver) {
    deliver(call);
    return;
  }
  waiting.push(call);
  if (requested) return;
  requested = true;
  requests.notify();
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  /** Takes away the toast shown (or waiting) with this id, when what it said no longer holds. */
  dismiss: (id: string): void => {
    for (let i = waiting.length - 1; i >= 0; i -= 1) if (waiting[i]?.options?.id === id) waiting.splice(i, 1);
    dismissShown?.(id);
  },
};

/** Whether a toast was asked for, so the host (toast-host.tsx) loads sonner. */
export const toastStore = {
  isRequested: (): boolean => requested,
  subscribe: requests.subscribe,
};

/** sonner is on screen: the waiting toasts show in order, later ones at once; `dismiss` takes one away by id. */
export function attachToasts(next: (call: ToastCall) => void, dismiss: (id: string) => void): () => void {
  deliver = next;
  dismissShown = dismiss;
  for (const call of waiting.splice(0)) next(call);
  return () => {
    if (deliver !== next) return;
    deliver = null;
    dismissShown = null;
  };
}
