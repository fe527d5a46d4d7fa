// "Request a quote" on the order pad (docs/decisions/058-quotes.md): the pad's lines go to the shop with an
// optional message instead of being ordered. Online the request is sent at once; offline it waits in the
// outbox and is sent once when the connection is back. Either way the lines leave the pad (the quote holds
// them), and the dealer goes on to Quotes, where the shop answers.

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import * as v from 'valibot';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { formatCount } from '../../contract/pricing';
import { OptionalQuoteMessageSchema, QUOTE_MESSAGE_MAX } from '../../contract/quote';
import { requestQuoteOrQueue, type QuoteToRequest } from '../../offline/outbox';
import { toast } from '../../ui/toast';
import { TextAreaField } from '../../ui/form-field';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { reportSessionExpired } from '../auth/session';

export interface RequestQuoteDialogProps {
  /** The pad's lines as Place order would send them, without the message. */
  request: Omit<QuoteToRequest, 'message'>;
  online: boolean;
  onClose: () => void;
}

export function RequestQuoteDialog({ request, online, onClose }: RequestQuoteDialogProps) {
  const id = useId();
  const dialog = useModalDialog(onClose);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => dialog.current?.close(), [dialog]);
  const count = request.lines.length === 1 ? '1 tool' : `${formatCount(request.lines.length)} tools`;

  const submit = async () => {
    setFailure(null);
    const parsed = v.safeParse(OptionalQuoteMessageSchema, message);
    if (!parsed.success) {
      setMessageError(parsed.issues[0].message);
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await requestQuoteOrQueue({ ...request, message: parsed.output });
      if (outcome.kind === 'requested') {
        toast.success(`Quote requested: ${outcome.number}. The shop will answer on Quotes.`);
        void queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
      } else toast.success('Saved offline: your quote request will be sent when you are back online.');
      close();
      await navigate({ to: '/dashboard/quotes' });
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} data-testid="request-quote-dialog">
      <form
        noValidate
        className="modal-box grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Request a quote
        </h2>
        <p className="text-sm text-base-content/80">
          The shop is asked for its prices on the pad’s {count} with their quantities, and answers on Quotes, where you accept, decline or ask again. The lines
          leave the pad: the quote holds them.
        </p>
        {online ? null : (
          <p role="status" className="rounded-box bg-warning/20 px-3 py-2 text-sm">
            You are offline: the request is saved on this device and sent once when the connection is back.
          </p>
        )}
        <TextAreaField
          id={`${id}-message`}
          label={
            <>
              Message to the shop <span className="font-normal text-base-content/80">(optional)</span>
            </>
          }
          rows={4}
          value={message}
          maxLength={QUOTE_MESSAGE_MAX + 100}
          placeholder="Quantities for the next quarter, delivery in two parts…"
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
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Send request
          </button>
        </div>
      </form>
    </dialog>
  );
}
