// A <dialog> shown as a modal while its component is mounted: it opens on mount, and when it closes
// (Escape, a Close button, or the page calling close()) focus goes back to the element that opened it,
// if it is still on the page, and `onClose` runs.

import { type RefObject, useEffect, useRef } from 'react';

export function useModalDialog(onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    const closed = () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      onClose();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);
  return ref;
}
