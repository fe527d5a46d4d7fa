// The one confirmation modal of every dashboard table: a native <dialog> traps focus, closes on
// Escape, and we close it on a backdrop click; focus returns to the button that opened it, or to the
// table when that row is gone. While the action runs it cannot be dismissed, so its outcome is seen.

import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` (the default) for an action that destroys something, `primary` for one that does not. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** Disables the confirm button, with the reason shown. */
  disabledReason?: string | null;
  /** An error from the last attempt, shown inside the modal so it can be retried. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Close',
  tone = 'danger',
  busy = false,
  disabledReason = null,
  error = null,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const reasonId = useId();

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
      const target = opener.current;
      opener.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
      else if (target instanceof HTMLElement) {
        // The row (and its button) was removed by the action: land on the nearest table instead.
        document.querySelector<HTMLElement>('[role="region"][tabindex="0"]')?.focus();
      }
      onClose();
    };
    // Escape while the action runs would hide its result; the dialog stays until it settles.
    const handleCancel = (event: Event) => {
      if (busy) event.preventDefault();
    };
    dialog.addEventListener('close', handleClose);
    dialog.addEventListener('cancel', handleCancel);
    return () => {
      dialog.removeEventListener('close', handleClose);
      dialog.removeEventListener('cancel', handleCancel);
    };
  }, [busy, onClose]);

  const dismiss = () => {
    if (!busy) ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClick={(event) => {
        if (event.target === ref.current) dismiss();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div id={bodyId} className="py-4">
          {children}
        </div>
        {error ? (
          <p role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
            {error}
          </p>
        ) : null}
        {disabledReason ? (
          <p id={reasonId} className="text-sm text-error">
            {disabledReason}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" disabled={busy} onClick={dismiss}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            disabled={busy || Boolean(disabledReason)}
            aria-describedby={disabledReason ? reasonId : undefined}
            onClick={onConfirm}
          >
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
