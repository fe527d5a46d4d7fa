// A quote's thread as the shop reads it (docs/decisions/058-quotes.md): every step both sides took, oldest
// first, each with its side, author, time and words; and a box to write to the dealer, online only.

import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { errorMessage, serverFieldErrors } from '../../api/errors';
import { QUOTE_MESSAGE_MAX, QuoteMessageBodySchema, type Quote, type QuoteThreadMessage } from '../../contract/quote';
import { OnlineSubmit } from '../../ui/online-submit';
import { TextAreaField } from '../../ui/form-field';
import { formatMoment } from './shop-quote-parts';
import { postQuoteMessage, useQuoteChange } from './quotes-api';

/** What a message came with, as the shop reads it; words alone say nothing more. */
const EVENT_LABEL: Record<QuoteThreadMessage['event'], string | null> = {
  requested: 'Asked for a quote',
  quoted: 'Sent prices',
  asked_again: 'Asked again',
  declined: 'Declined',
  accepted: 'Accepted',
  message: null,
};

function ThreadMessage({ message }: { message: QuoteThreadMessage }) {
  const event = EVENT_LABEL[message.event];
  const shop = message.side === 'shop';
  return (
    <li className={`grid gap-1 rounded-box border p-3 ${shop ? 'border-primary/30 bg-primary/5 sm:ml-8' : 'border-base-300 bg-base-100 sm:mr-8'}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <span className="font-semibold break-words">{message.authorName}</span>
        <span className="text-base-content/70">{shop ? 'Shop' : 'Dealer'}</span>
        <time dateTime={message.at} className="text-base-content/70">
          {formatMoment(message.at)}
        </time>
        {event ? <span className="badge badge-ghost badge-sm">{event}</span> : null}
      </p>
      {message.body ? <p className="whitespace-pre-line break-words">{message.body}</p> : null}
    </li>
  );
}

export function ShopQuoteThread({ quote, online }: { quote: Quote; online: boolean }) {
  const id = useId();
  const post = useQuoteChange((body: string) => postQuoteMessage(quote.id, body));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(QuoteMessageBodySchema, { body: text });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setError(undefined);
    post.mutate(parsed.output.body, {
      onSuccess: () => setText(''),
      onError: (cause) => {
        const field = serverFieldErrors(cause, ['body'] as const)[0];
        if (field) setError(field.message);
        else setFailure(errorMessage(cause));
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Messages
      </h3>
      {quote.messages.length === 0 ? (
        <p className="text-base-content/70">No messages yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Messages of the quote">
          {quote.messages.map((message) => (
            <ThreadMessage key={message.id} message={message} />
          ))}
        </ol>
      )}
      <form noValidate className="grid gap-2" aria-busy={post.isPending} onSubmit={submit}>
        <TextAreaField id={`${id}-message`} label="Write to the dealer" error={error} maxLength={QUOTE_MESSAGE_MAX} value={text} onChange={setText} />
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <OnlineSubmit id={`${id}-offline`} online={online} busy={post.isPending} className="btn btn-outline btn-primary">
          Send message
        </OnlineSubmit>
      </form>
    </section>
  );
}
