// The one confirmation modal of every dashboard table: a native <dialog> traps focus, closes on
// Escape, and we close it on a backdrop click; focus returns to the button that opened it.

import { useEffect, useRef } from 'react';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Disables the confirm button, with the reason shown. */
  disabledReason?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({ open, title, children, confirmLabel, cancelLabel = 'Close', busy = false, disabledReason = null, onConfirm, onClose }: ConfirmModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
      onClose();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="confirm-modal-title"
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      <div className="modal-box">
        <h2 id="confirm-modal-title" className="text-lg font-bold">
          {title}
        </h2>
        <div className="py-4">{children}</div>
        {disabledReason ? <p className="text-sm text-error">{disabledReason}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-error" disabled={busy || Boolean(disabledReason)} onClick={onConfirm}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
