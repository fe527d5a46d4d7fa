// The shop's answer to a quote (docs/decisions/058-quotes.md): a unit price for every line, typed in the quote's
// currency (12.50, sent as minor units) and opening on the last quoted price or the dealer's own; the total as
// typed; the last day the dealer may accept (30 days ahead unless changed, at most 365); and a message. Sent
// again on a quoted or expired quote, it prices it anew. The first field in error takes the focus.

import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { errorMessage, serverFieldErrors } from '../../api/errors';
import { CURRENCY_NAMES, currencySymbol, formatMoney, formatPrice } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import { OptionalQuoteMessageSchema, QUOTE_MESSAGE_MAX, quoteTotal, type Quote } from '../../contract/quote';
import { OnlineSubmit } from '../../ui/online-submit';
import { fieldAria, FormField, TextAreaField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { formatCalendarDay } from './shop-quote-parts';
import { expiryBounds, expiryError, initialExpiry, initialPrices, parseUnitPrice, priceDifference, pricedLines } from './shop-quote-pricing';
import { answerQuote, useQuoteChange } from './quotes-api';

interface Errors {
  prices: Record<string, string>;
  expiresOn?: string | undefined;
  message?: string | undefined;
}

const NO_ERRORS: Errors = { prices: {} };

export function ShopQuoteForm({ quote, online }: { quote: Quote; online: boolean }) {
  const id = useId();
  const answer = useQuoteChange((body: Parameters<typeof answerQuote>[1]) => answerQuote(quote.id, body));
  const [prices, setPrices] = useState(() => initialPrices(quote));
  const [expiresOn, setExpiresOn] = useState(() => initialExpiry(quote));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const bounds = expiryBounds();
  const symbol = currencySymbol(quote.currency);
  const priced = pricedLines(quote, prices);
  const dealerTotal = quoteTotal(quote, 'requested') ?? 0;
  const priceId = (productId: string) => `${id}-price-${productId}`;

  const focusFirstError = (next: Errors) => {
    const line = quote.lines.find((l) => next.prices[l.productId]);
    const target = line ? priceId(line.productId) : next.expiresOn ? `${id}-expires` : next.message ? `${id}-message` : null;
    if (target) form.current?.querySelector<HTMLElement>(`[id="${target}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsedMessage = v.safeParse(OptionalQuoteMessageSchema, message);
    const next: Errors = {
      prices: priced.errors,
      expiresOn: expiryError(expiresOn),
      message: parsedMessage.success ? undefined : parsedMessage.issues[0]?.message,
    };
    setErrors(next);
    if (!priced.lines || next.expiresOn || !parsedMessage.success) return focusFirstError(next);
    answer.mutate(
      { lines: priced.lines, expiresOn, message: parsedMessage.output },
      {
        onSuccess: (quoted) => toast.success(`${quoted.number} is quoted: the dealer can accept it until ${formatCalendarDay(expiresOn)}`),
        onError: (cause) => {
          const lineFields = quote.lines.map((_, i) => `lines.${i}.unitPriceMinor`);
          const fields = serverFieldErrors(cause, ['expiresOn', 'message', ...lineFields]);
          const fromServer: Errors = { prices: {} };
          for (const { field, message: text } of fields) {
            if (field === 'expiresOn') fromServer.expiresOn = text;
            else if (field === 'message') fromServer.message = text;
            else {
              const line = quote.lines[lineFields.indexOf(field)];
              if (line) fromServer.prices[line.productId] = text;
            }
          }
          setErrors(fromServer);
          setFailure(errorMessage(cause));
          focusFirstError(fromServer);
        },
      },
    );
  };

  const repricing = quote.status !== 'requested';
  return (
    <form ref={form} noValidate className="grid gap-4" aria-busy={answer.isPending} aria-labelledby={`${id}-heading`} onSubmit={submit}>
      <div className="grid gap-1">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {repricing ? 'Price it again' : 'Your prices'}
        </h3>
        <p className="text-sm text-base-content/80">
          Unit prices in {CURRENCY_NAMES[quote.currency]} ({quote.currency}), such as 12.50. Each opens on{' '}
          {repricing ? 'the last price you quoted' : 'the dealer’s own price'}.
        </p>
      </div>
      <div className="@container">
        <div
          aria-hidden="true"
          className="hidden gap-3 border-b border-base-300 pb-2 text-sm font-medium text-base-content/80 @2xl:grid @2xl:grid-cols-[minmax(0,1fr)_5rem_8rem_10rem_8rem]"
        >
          <span>Tool</span>
          <span className="text-right">Quantity</span>
          <span className="text-right">Dealer’s price</span>
          <span>Your unit price</span>
          <span className="text-right">Line total</span>
        </div>
        <ul className="grid" aria-label="Lines of the quote">
          {quote.lines.map((line) => {
            const field = priceId(line.productId);
            const error = errors.prices[line.productId];
            const typed = parseUnitPrice(prices[line.productId] ?? '', quote.currency);
            const difference = typed === null ? null : priceDifference(line.requestedUnitPriceMinor, typed);
            return (
              <li
                key={line.productId}
                className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 border-b border-base-300 py-3 @2xl:grid-cols-[minmax(0,1fr)_5rem_8rem_10rem_8rem] @2xl:items-start"
              >
                <div className="col-span-2 grid gap-0.5 @2xl:col-span-1">
                  <span id={`${field}-tool`} className="font-medium break-words">
                    {line.productName}
                  </span>
                  {line.sku ? <span className="text-sm text-base-content/70">SKU {line.sku}</span> : null}
                </div>
                <p className="tabular-nums @2xl:text-right">
                  <span className="text-sm text-base-content/70 @2xl:sr-only">Quantity </span>
                  {formatCount(line.quantity)}
                </p>
                <p className="text-right whitespace-nowrap tabular-nums">
                  <span className="text-sm text-base-content/70 @2xl:sr-only">Dealer’s price </span>
                  {formatMoney(line.requestedUnitPriceMinor, quote.currency)}
                </p>
                <div className="col-span-2 @2xl:col-span-1">
                  {/* Named with its tool, which the visible label leaves to the line above. */}
                  <label id={`${field}-label`} htmlFor={field} className="mb-1 block text-sm font-medium @2xl:sr-only">
                    Your unit price ({quote.currency})
                  </label>
                  <label className={`input w-full tabular-nums ${error ? 'input-error' : ''}`}>
                    <span aria-hidden="true" className="text-base-content/70">
                      {symbol}
                    </span>
                    <input
                      {...fieldAria(field, error, `${field}-note`)}
                      aria-labelledby={`${field}-label ${field}-tool`}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      className="grow text-right"
                      value={prices[line.productId] ?? ''}
                      onChange={(event) => setPrices({ ...prices, [line.productId]: event.target.value })}
                    />
                  </label>
                  <p id={`${field}-note`} className="mt-1 text-xs text-base-content/70">
                    {difference ?? '\u00a0'}
                  </p>
                  {error ? (
                    <p id={`${field}-error`} className="mt-1 text-sm text-error">
                      {error}
                    </p>
                  ) : null}
                </div>
                <p className="col-span-2 text-right font-medium tabular-nums @2xl:col-span-1">
                  <span className="text-sm font-normal text-base-content/70 @2xl:sr-only">Line total </span>
                  {typed === null ? '—' : formatMoney(typed * line.quantity, quote.currency)}
                </p>
              </li>
            );
          })}
        </ul>
        <dl className="grid grid-cols-[auto_auto] justify-end gap-x-6 gap-y-1 pt-3 text-right tabular-nums" aria-live="polite">
          <dt className="text-base-content/80">At the dealer’s prices</dt>
          <dd>{formatPrice(dealerTotal, quote.currency)}</dd>
          <dt className="font-semibold">Your total</dt>
          <dd className="text-lg font-semibold">{priced.totalMinor === null ? 'Give every line a price' : formatMoney(priced.totalMinor, quote.currency)}</dd>
          {priced.totalMinor !== null && priced.totalMinor !== dealerTotal ? (
            <dd className="col-span-2 text-sm text-base-content/70">{priceDifference(dealerTotal, priced.totalMinor, 'total')}</dd>
          ) : null}
        </dl>
      </div>
      <FormField
        id={`${id}-expires`}
        label="The dealer may accept until"
        error={errors.expiresOn}
        hint={<p className="mt-1 text-sm text-base-content/70">The end of that day (UTC); at most {formatCalendarDay(bounds.max)}.</p>}
      >
        <input
          {...fieldAria(`${id}-expires`, errors.expiresOn)}
          type="date"
          min={bounds.min}
          max={bounds.max}
          required
          className={`input w-full sm:max-w-xs ${errors.expiresOn ? 'input-error' : ''}`}
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </FormField>
      <TextAreaField
        id={`${id}-message`}
        label="Message to the dealer (optional)"
        error={errors.message}
        maxLength={QUOTE_MESSAGE_MAX}
        value={message}
        onChange={setMessage}
      />
      {failure ? (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      ) : null}
      <OnlineSubmit id={`${id}-offline`} online={online} busy={answer.isPending} className="btn btn-primary">
        Send quote
      </OnlineSubmit>
    </form>
  );
}
