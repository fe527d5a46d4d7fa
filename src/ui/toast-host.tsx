// Where the toasts appear: nothing until the first toast is asked for, then sonner's Toaster, loaded on
// demand (src/ui/toast.ts).

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from './toast';

const Toasts = lazy(() => import('./toasts'));

export function ToastHost() {
  const requested = useSyncExternalStore(toastStore.subscribe, toastStore.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
