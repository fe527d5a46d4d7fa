// sonner's Toaster, loaded with the first toast (src/ui/toast-host.tsx). Its effect runs after the
// Toaster's own, so the Toaster listens before the waiting toasts are handed over.

import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../config/ui';
import { attachToasts } from './toast';

/** The top bar's height (4rem) and a gap. */
const TOAST_TOP_PX = 76;

export default function Toasts() {
  useEffect(
    () =>
      attachToasts(
        (call) => sonner[call.kind](call.message, call.options),
        (id) => sonner.dismiss(id),
      ),
    [],
  );
  // Below the top bar (4rem high), so a toast never covers the name, Dashboard or Logout.
  return (
    <Toaster
      position="top-right"
      offset={{ top: TOAST_TOP_PX, right: 16 }}
      mobileOffset={{ top: TOAST_TOP_PX }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      swipeDirections={['right']}
    />
  );
}
