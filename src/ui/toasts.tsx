// sonner's Toaster, loaded with the first toast (src/ui/toast-host.tsx). Its effect runs after the
// Toaster's own, so the Toaster listens before the waiting toasts are handed over.

import { useEffect, type CSSProperties } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../config/ui';
import { attachToasts } from './toast';

/** The top bar's height (4rem) and a gap. */
const TOAST_TOP_PX = 76;

/**
 * sonner's rich colours with darker text: its own (green #008a2e on #ecfdf3, 4.3:1; amber 3.1:1) fall short
 * of the 4.5:1 that small text needs. Same hues, each at least 6:1 on its background.
 */
const READABLE_RICH_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 27%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

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
      style={READABLE_RICH_COLOURS}
      closeButton
      swipeDirections={['right']}
    />
  );
}
