// A price list's terms, made or changed by an admin (docs/decisions/045-price-lists-and-money.md): its name,
// its currency, the rate typed as units of the currency per US dollar (0.92, sent as millionths) and the
// percentage off every tool the list does not price itself (12.5, sent as basis points). A list in US
// dollars has the rate 1. The first field in error takes the focus; the server's refusal is said in words.

import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { errorMessage } from '../../api/errors';
import { CURRENCIES, LIST_CURRENCY, type CurrencyCode } from '../../contract/money';
import { MAX_PERCENT_OFF, PriceListInputSchema, priceListMessages, RATE_SCALE, type PriceListInput } from '../../contract/price-list';
import { formatPercent, formatRate, parsePercent, parseRate, type PriceListView } from '../../contract/price-list-admin';
import { fieldAria, FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { useSavePriceList } from './save-price-list';

type Field = 'name' | 'rate' | 'percent';

export const rateMessage = 'Enter the rate as units of the currency one US dollar buys, such as 0.92, with at most 6 decimals';
export const percentMessage = `Enter the percentage off, such as 12.5, from 0 to ${formatPercent(MAX_PERCENT_OFF)}`;

/** The terms typed, or the message of each field that is not right. */
function termsFrom(
  name: string,
  currency: CurrencyCode,
  rate: string,
  percent: string,
): { terms: PriceListInput } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const rateMicros = currency === LIST_CURRENCY ? RATE_SCALE : parseRate(rate);
  const defaultPercentOff = parsePercent(percent);
  if (rateMicros === null) errors.rate = rateMessage;
  if (defaultPercentOff === null || defaultPercentOff > MAX_PERCENT_OFF) errors.percent = percentMessage;
  const parsed = v.safeParse(PriceListInputSchema, { name, currency, rateMicros: rateMicros ?? RATE_SCALE, defaultPercentOff: defaultPercentOff ?? 0 });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (key === 'name') errors.name = priceListMessages.name;
      else if (key === 'rateMicros' && !errors.rate) errors.rate = rateMessage;
    }
  }
  return parsed.success && Object.keys(errors).length === 0 ? { terms: parsed.output } : { errors };
}

export interface PriceListFormProps {
  /** The list to change; null to make a new one. */
  list: PriceListView | null;
  online: boolean;
  onDone: (saved: PriceListView) => void;
  onCancel: () => void;
}

export function PriceListForm({ list, online, onDone, onCancel }: PriceListFormProps) {
  const id = useId();
  const save = useSavePriceList();
  const [name, setName] = useState(list?.name ?? '');
  const [currency, setCurrency] = useState<CurrencyCode>(list?.currency ?? 'EUR');
  const [rate, setRate] = useState(list ? formatRate(list.rateMicros) : '');
  const [percent, setPercent] = useState(list ? formatRate(list.defaultPercentOff * 10_000) : '0');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const refs = { name: useRef<HTMLInputElement>(null), rate: useRef<HTMLInputElement>(null), percent: useRef<HTMLInputElement>(null) };
  const usd = currency === LIST_CURRENCY;
  const dirty =
    list === null ||
    name !== list.name ||
    currency !== list.currency ||
    rate !== formatRate(list.rateMicros) ||
    percent !== formatRate(list.defaultPercentOff * 10_000);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const outcome = termsFrom(name, currency, rate, percent);
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      const first = (['name', 'rate', 'percent'] as const).find((field) => outcome.errors[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: list?.id ?? null, terms: outcome.terms },
      {
        onSuccess: (saved) => {
          toast.success(list ? `${saved.name} is saved` : `${saved.name} is made: add the tools it prices`);
          onDone(saved);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {list ? `Change ${list.name}` : 'New price list'}
      </h2>
      <form noValidate className="grid gap-4" aria-busy={save.isPending} onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id={`${id}-name`} label="Name" error={errors.name}>
            <input
              {...fieldAria(`${id}-name`, errors.name)}
              ref={refs.name}
              className={`input w-full ${errors.name ? 'input-error' : ''}`}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-currency`} label="Currency">
            <select
              id={`${id}-currency`}
              className="select w-full"
              value={currency}
              onChange={(event) => {
                const next = event.target.value as CurrencyCode;
                setCurrency(next);
                if (next === LIST_CURRENCY) setRate('1');
              }}
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={`${id}-rate`}
            label={`Rate (${currency} per US dollar)`}
            error={errors.rate}
            hint={
              <p id={`${id}-rate-hint`} className="mt-1 text-sm text-base-content/70">
                {usd ? 'A list in US dollars has the rate 1.' : `What one US dollar of the list price is in ${currency}, such as 0.92.`}
              </p>
            }
          >
            <input
              {...fieldAria(`${id}-rate`, errors.rate, `${id}-rate-hint`)}
              ref={refs.rate}
              className={`input w-full tabular-nums ${errors.rate ? 'input-error' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              readOnly={usd}
              value={usd ? '1' : rate}
              onChange={(event) => setRate(event.target.value)}
            />
          </FormField>
          <FormField
            id={`${id}-percent`}
            label="Default % off"
            error={errors.percent}
            hint={
              <p id={`${id}-percent-hint`} className="mt-1 text-sm text-base-content/70">
                Off the converted list price of every tool the list does not price itself, such as 12.5.
              </p>
            }
          >
            <label className={`input w-full ${errors.percent ? 'input-error' : ''}`}>
              <input
                {...fieldAria(`${id}-percent`, errors.percent, `${id}-percent-hint`)}
                ref={refs.percent}
                className="grow tabular-nums"
                inputMode="decimal"
                autoComplete="off"
                value={percent}
                onChange={(event) => setPercent(event.target.value)}
              />
              <span aria-hidden="true">%</span>
            </label>
          </FormField>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          <SaveBar id={id} label={list ? 'Save price list' : 'Make price list'} online={online} saving={save.isPending} dirty={dirty} />
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
