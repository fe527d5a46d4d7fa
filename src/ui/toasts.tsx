// sonner's Toaster, loaded with the first toast (src/ui/toast-host.tsx). Its effect runs after the
// Toaster's own, so the Toaster listens before the waiting toasts are handed over.

import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../config/ui';
import { attachToasts } from './toast';

export default function Toasts() {
  useEffect(() => attachToasts((call) => sonner[call.kind](call.message, call.options)), []);
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton swipeDirections={['right']} />;
}
