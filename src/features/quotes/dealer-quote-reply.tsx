// Decline and Ask again on the dealer's Quotes screen: a dialog with the message that goes into the quote's
// thread (required to ask again, optional to decline), sent when the dealer confirms. The message is checked
// as the server checks it; the server's refusal shows in the dialog, to try again.

import { useCallback, useId, useState } from 'react';
import * as v from 'valibot';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { OptionalQuoteMessageSchema, QUOTE_MESSAGE_MAX, QuoteMessageSchema } from '../../contract/quote';
import { TextAreaField } from '../../ui/form-field';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { reportSessionExpired } from '../auth/session';

export interface QuoteReplyDialogProps {
  title: string;
  /** What happens, in a sentence under the title. */
  intro: string;
  label: string;
  required: boolean;
  confirmLabel: string;
  /** Null when online; else why it waits. */
  offlineReason: string | null;
  send: (message: string) => Promise<unknown>;
  onClose: () => void;
}

export function QuoteReplyDialog({ title, intro, label, required, confirmLabel, offlineReason, send, onClose }: QuoteReplyDialogProps) {
  const id = useId();
  const dialog = useModalDialog(onClose);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => dialog.current?.close(), [dialog]);

  const submit = async () => {
    setFailure(null);
    const parsed = v.safeParse(required ? QuoteMessageSchema : OptionalQuoteMessageSchema, message);
    if (!parsed.success) {
      setMessageError(parsed.issues[0].message);
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await send(parsed.output);
      close();
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        className="modal-box grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <p className="text-sm text-base-content/80">{intro}</p>
        <TextAreaField
          id={`${id}-message`}
          label={
            <>
              {label} {required ? null : <span className="font-normal text-base-content/80">(optional)</span>}
            </>
          }
          rows={4}
          value={message}
          maxLength={QUOTE_MESSAGE_MAX + 100}
          required={required}
          error={messageError}
          alert
          onChange={(value) => {
            setMessage(value);
            setMessageError(null);
          }}
        />
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        {offlineReason ? <p className="text-sm text-base-content/80">{offlineReason}</p> : null}
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || offlineReason !== null}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
