// One quote on the dealer's Quotes screen: its lines at the dealer's own prices and at the shop's, the total,
// the last day to accept, the thread with the shop, a message box, and what the dealer may do while it is
// open (accept a priced quote, ask again for new prices, decline). All of it needs a connection.

import { Link } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import * as v from 'valibot';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { texts } from '../../contract/messages';
import { formatMoney } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import { isQuoteOpen, QUOTE_MESSAGE_MAX, QUOTE_STATUS_LABEL, QuoteMessageSchema, quoteTotal, type Quote, type QuoteLine } from '../../contract/quote';
import { OnlineSubmit } from '../../ui/online-submit';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { reportSessionExpired } from '../auth/session';
import { useOnline } from '../offline/network-status';
import { DealerQuoteAccept, TYPED_DELIVERY, type QuoteDelivery } from './dealer-quote-accept';
import { EVENT_LABEL, formatDay, formatExpiry, formatMoment, isPastExpiry, sideLabel, statusBadge } from './dealer-quote-format';
import { QuoteReplyDialog } from './dealer-quote-reply';
import { askAgain, declineQuote, postQuoteMessage, useQuote, useQuoteChange } from './quotes-api';

export interface DealerQuoteDetailProps {
  id: string;
  /** The quote as the list has it, shown while it is read again. */
  listed: Quote | undefined;
  /** Null while it is read; undefined: the address and phone are typed. */
  delivery: QuoteDelivery | null | undefined;
  onBack: () => void;
}

type Step = 'accept' | 'decline' | 'ask-again' | null;

export function DealerQuoteDetail({ id, listed, delivery, onBack }: DealerQuoteDetailProps) {
  const headingId = useId();
  const query = useQuote(id);
  const online = useOnline();
  const [step, setStep] = useState<Step>(null);
  const closeDialog = useCallback(() => setStep(null), []);
  const decline = useQuoteChange((message: string) => declineQuote(id, message));
  const again = useQuoteChange((message: string) => askAgain(id, message));
  const quote = query.data ?? listed;

  const back = (
    <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={onBack}>
      ← All quotes
    </button>
  );
  if (!quote) {
    return (
      <div className="grid gap-4">
        {back}
        {query.isPending ? <Spinner label="Loading the quote" /> : <QueryError what="quote" query={query} />}
      </div>
    );
  }

  const open = isQuoteOpen(quote.status);
  const expired = quote.status === 'expired' || (quote.status === 'quoted' && isPastExpiry(quote));
  const mayAccept = quote.status === 'quoted' && !expired;
  // A closed quote's last day no longer matters: it was accepted or declined.
  const expiry = open ? formatExpiry(quote) : null;
  const offlineReason = online ? null : texts.needsNetwork;

  return (
    <article className="grid gap-6" aria-labelledby={headingId}>
      {back}
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-bold">
            Quote {quote.number}
          </h2>
          <span className={`badge ${statusBadge(quote.status)}`} data-testid="quote-status">
            {QUOTE_STATUS_LABEL[quote.status]}
          </span>
        </div>
        <p className="text-sm text-base-content/80">
          Requested {formatDay(quote.createdAt)} by {quote.requestedBy.name}
          {quote.companyName ? ` for ${quote.companyName}` : ''}
        </p>
        {expiry ? (
          <p className={expired ? 'font-medium text-warning-content' : 'font-medium'} data-testid="quote-expiry">
            {expiry}
            {expired && open ? '. Ask again for new prices.' : ''}
          </p>
        ) : quote.status === 'requested' ? (
          <p className="font-medium">Waiting for the shop’s prices.</p>
        ) : quote.status === 'declined' ? (
          <p className="font-medium">This quote was declined.</p>
        ) : null}
        {quote.order ? (
          <p>
            Placed as order <strong>{quote.order.number ?? 'without a number yet'}</strong>:{' '}
            <Link to="/dashboard/my-orders" className="link link-primary">
              see it in My Orders
            </Link>
            .
          </p>
        ) : null}
      </header>

      <QuoteLines quote={quote} />

      {open ? (
        <section className="grid gap-3" aria-label="Answer the quote">
          {offlineReason ? (
            <p role="status" className="rounded-box bg-warning/20 px-4 py-3 text-sm">
              You are offline. Accepting, declining, asking again and writing to the shop need a connection.
            </p>
          ) : null}
          {step === 'accept' ? (
            delivery === null ? (
              <Spinner label="Loading where the order goes" />
            ) : (
              <DealerQuoteAccept quote={quote} delivery={delivery ?? TYPED_DELIVERY} online={online} onCancel={() => setStep(null)} />
            )
          ) : (
            <div className="flex flex-wrap gap-3">
              {mayAccept ? (
                <button type="button" className="btn btn-primary" disabled={!online} onClick={() => setStep('accept')}>
                  Accept
                </button>
              ) : null}
              {quote.status !== 'requested' ? (
                <button type="button" className="btn btn-outline" disabled={!online} onClick={() => setStep('ask-again')}>
                  Ask again
                </button>
              ) : null}
              <button type="button" className="btn btn-ghost text-error" disabled={!online} onClick={() => setStep('decline')}>
                Decline
              </button>
            </div>
          )}
        </section>
      ) : null}

      <QuoteThread quote={quote} online={online} />

      {step === 'decline' ? (
        <QuoteReplyDialog
          title={`Decline ${quote.number}`}
          intro="The quote closes and the shop is told. Your pad is not changed."
          label="Message to the shop"
          required={false}
          confirmLabel="Decline the quote"
          offlineReason={offlineReason}
          send={async (message) => {
            await decline.mutateAsync(message);
            toast.success(`${quote.number} is declined`, { description: 'The shop is told.' });
          }}
          onClose={closeDialog}
        />
      ) : null}
      {step === 'ask-again' ? (
        <QuoteReplyDialog
          title={`Ask again for ${quote.number}`}
          intro="The shop is asked for new prices for the same tools; it answers here."
          label="What should change?"
          required
          confirmLabel="Ask again"
          offlineReason={offlineReason}
          send={async (message) => {
            await again.mutateAsync(message);
            toast.success(`${quote.number}: new prices asked for`, { description: 'The shop answers on Quotes.' });
          }}
          onClose={closeDialog}
        />
      ) : null}
    </article>
  );
}

function QuoteLines({ quote }: { quote: Quote }) {
  const total = quoteTotal(quote);
  const yours = quoteTotal(quote, 'requested') ?? 0;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, quote.currency));
  const lineTotal = (line: QuoteLine) => (line.quotedUnitPriceMinor === null ? null : line.quotedUnitPriceMinor * line.quantity);
  const waiting = quote.status === 'requested' || total === null;
  return (
    <section aria-label="Tools of the quote" className="grid gap-3">
      <h3 className="text-lg font-bold">{quote.lines.length === 1 ? '1 tool' : `${formatCount(quote.lines.length)} tools`}</h3>
      {/* Cards on a phone, a table where its columns fit. */}
      <ul className="grid gap-2 sm:hidden">
        {quote.lines.map((line) => (
          <li key={line.productId} className="rounded-box border border-base-300 p-3">
            <p className="font-semibold">{line.productName}</p>
            {line.sku ? <p className="text-sm text-base-content/80">SKU {line.sku}</p> : null}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt>Quantity</dt>
              <dd className="text-right tabular-nums">{formatCount(line.quantity)} pcs.</dd>
              <dt>Your price</dt>
              <dd className="text-right tabular-nums">{money(line.requestedUnitPriceMinor)}</dd>
              <dt>Quoted price</dt>
              <dd className="text-right font-semibold tabular-nums">{money(line.quotedUnitPriceMinor)}</dd>
              <dt>Line total</dt>
              <dd className="text-right font-semibold tabular-nums">{money(lineTotal(line))}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="table">
          <caption className="sr-only">The tools of {quote.number}, with your price and the shop’s per unit</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-right">
                Quantity (pcs.)
              </th>
              <th scope="col" className="text-right">
                Your price
              </th>
              <th scope="col" className="text-right">
                Quoted price
              </th>
              <th scope="col" className="text-right">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.productId}>
                <th scope="row" className="font-medium">
                  {line.productName}
                </th>
                <td className="whitespace-nowrap">{line.sku ?? '—'}</td>
                <td className="text-right tabular-nums">{formatCount(line.quantity)}</td>
                <td className="text-right tabular-nums">{money(line.requestedUnitPriceMinor)}</td>
                <td className="text-right font-semibold tabular-nums">{money(line.quotedUnitPriceMinor)}</td>
                <td className="text-right font-semibold tabular-nums">{money(lineTotal(line))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-box bg-base-200 px-4 py-3">
        <p className="flex items-baseline justify-between gap-3 text-lg">
          <span>{waiting ? 'Total' : 'Total at the quoted prices'}</span>
          <strong className="text-2xl tabular-nums" data-testid="quote-total">
            {waiting ? 'Waiting for prices' : money(total)}
          </strong>
        </p>
        <p className="text-right text-sm text-base-content/80">At your prices: {money(yours)}. Tax, where it applies, is added when the order is placed.</p>
      </div>
    </section>
  );
}

function QuoteThread({ quote, online }: { quote: Quote; online: boolean }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const write = useQuoteChange((text: string) => postQuoteMessage(quote.id, text));

  const send = async () => {
    const parsed = v.safeParse(QuoteMessageSchema, body);
    if (!parsed.success) {
      setBodyError(parsed.issues[0].message);
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    try {
      await write.mutateAsync(parsed.output);
      setBody('');
      toast.success('Message sent to the shop');
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else setBodyError(errorMessage(error));
    }
  };

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Messages
      </h3>
      <ol className="grid gap-3" aria-label={`The thread of ${quote.number}`}>
        {quote.messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-box px-4 py-3 ${message.side === 'dealer' ? 'bg-base-200 sm:ml-12' : 'border border-primary/30 bg-primary/5 sm:mr-12'}`}
            data-testid="quote-message"
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <strong>{message.authorName}</strong>
              <span className="text-base-content/80">{sideLabel(message.side)}</span>
              <span className="text-base-content/80">· {formatMoment(message.at)}</span>
              {EVENT_LABEL[message.event] ? <span className="badge badge-sm badge-outline">{EVENT_LABEL[message.event]}</span> : null}
            </p>
            {message.body ? <p className="mt-1 whitespace-pre-line break-words">{message.body}</p> : null}
          </li>
        ))}
      </ol>
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={`${id}-body`} className="font-medium">
          Write to the shop
        </label>
        <textarea
          id={`${id}-body`}
          rows={3}
          className={`textarea w-full ${bodyError ? 'textarea-error' : ''}`}
          value={body}
          maxLength={QUOTE_MESSAGE_MAX + 100}
          aria-invalid={bodyError !== null}
          aria-describedby={bodyError ? `${id}-body-error` : online ? undefined : `${id}-offline`}
          onChange={(event) => {
            setBody(event.target.value);
            setBodyError(null);
          }}
        />
        {bodyError ? (
          <p id={`${id}-body-error`} role="alert" className="text-sm text-error">
            {bodyError}
          </p>
        ) : null}
        <OnlineSubmit id={`${id}-offline`} online={online} busy={write.isPending} className="btn btn-outline">
          Send message
        </OnlineSubmit>
      </form>
    </section>
  );
}
