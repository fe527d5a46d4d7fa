// Where the toasts appear: nothing until the first toast is asked for, then sonner's Toaster, loaded on
// demand (src/ui/toast.ts). Where sonner cannot be loaded, a plain list shows the same toasts.

import { lazy, Suspense, useSyncExternalStore } from 'react';
import PlainToasts from './plain-toasts';
import { toastStore } from './toast';

// The plain list is part of the entry (about 1 KB): where sonner's chunk cannot be fetched, neither could its.
const Toasts = lazy(() => import('./toasts').catch(() => ({ default: PlainToasts })));

export function ToastHost() {
  const requested = useSyncExternalStore(toastStore.subscribe, toastStore.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
