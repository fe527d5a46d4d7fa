// A company's payment terms, on the admins' company detail (docs/decisions/044-orders-on-account.md): card
// only or net 15/30/60 days, the credit limit in dollars and cents (sent as cents), and whether every order
// needs a purchase-order number; beside them what the company owes now, the credit it has left and what is
// overdue. Saving needs the network; the server answers the account as it then stands.

import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { MAX_CREDIT_LIMIT, PAYMENT_TERMS, termsLabel, type AccountStanding, type PaymentTerms } from '../../contract/account-terms';
import { toasts } from '../../contract/messages';
import { formatCents } from '../../contract/pricing';
import { fieldAria, FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { useSetCompanyTerms } from './set-company-terms';

const creditLimitMessage = `Enter the credit limit in dollars, such as 12,500 or 12,500.50, at most ${formatCents(MAX_CREDIT_LIMIT)}`;

/** `12,500.50`, `$12500`, `0` -> cents; null for anything that is not an amount of dollars and cents within the limit. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/u.exec(text.trim());
  if (!match) return null;
  const cents = Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_CREDIT_LIMIT ? cents : null;
}

/** Cents as the field shows them: `12500.50`, or `12500` for whole dollars. */
const centsToField = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export function CompanyTerms({ company, account, online }: { company: { id: string; name: string }; account: AccountStanding; online: boolean }) {
  const id = useId();
  const save = useSetCompanyTerms();
  const [terms, setTerms] = useState<PaymentTerms>(account.paymentTerms);
  const [limit, setLimit] = useState(() => centsToField(account.creditLimit));
  const [poRequired, setPoRequired] = useState(account.poRequired);
  const [limitError, setLimitError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = terms !== account.paymentTerms || dollarsToCents(limit) !== account.creditLimit || poRequired !== account.poRequired;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const creditLimit = dollarsToCents(limit);
    if (creditLimit === null) {
      setLimitError(creditLimitMessage);
      return;
    }
    setLimitError(undefined);
    setFailure(null);
    save.mutate(
      { id: company.id, terms: { paymentTerms: terms, creditLimit, poRequired } },
      {
        onSuccess: (saved) => {
          setLimit(centsToField(saved.creditLimit));
          toast.success(`${company.name} now pays ${saved.paymentTerms === 'card' ? 'by card' : `on ${termsLabel(saved.paymentTerms)} terms`}`);
        },
        onError: (error) => {
          setFailure(errorMessage(error));
          toast.error(toasts.tryAgain);
        },
      },
    );
  };

  const standing: [string, number, string?][] = [
    ['Outstanding', account.outstanding],
    ['Available credit', account.available],
    ['Overdue', account.overdue, account.overdue > 0 ? 'text-error font-semibold' : undefined],
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Payment terms
      </h2>
      {/* Label and amount on one line on a phone, tiles side by side from 640 px. */}
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
        {standing.map(([label, cents, tone]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-3 py-2 sm:block sm:py-3">
            <dt className="text-sm text-base-content/70">{label}</dt>
            <dd className={`text-lg tabular-nums ${tone ?? ''}`}>{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      <form noValidate className="grid gap-4" aria-busy={save.isPending} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-terms`} label="Terms">
            <select id={`${id}-terms`} className="select w-full" value={terms} onChange={(event) => setTerms(event.target.value as PaymentTerms)}>
              {PAYMENT_TERMS.map((value) => (
                <option key={value} value={value}>
                  {termsLabel(value)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={`${id}-limit`}
            label="Credit limit (US dollars)"
            error={limitError}
            hint={
              <p id={`${id}-limit-hint`} className="mt-1 text-sm text-base-content/70">
                What its unpaid orders on account may owe at most; an order over it waits for you on Manage Orders.
              </p>
            }
          >
            <label className={`input w-full ${limitError ? 'input-error' : ''}`}>
              <span aria-hidden="true">$</span>
              <input
                {...fieldAria(`${id}-limit`, limitError, `${id}-limit-hint`)}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className="grow tabular-nums"
                value={limit}
                onChange={(event) => setLimit(event.target.value)}
              />
            </label>
          </FormField>
        </div>
        <label htmlFor={`${id}-po`} className="flex cursor-pointer items-start gap-3">
          <input
            id={`${id}-po`}
            type="checkbox"
            className="checkbox checkbox-primary mt-0.5"
            checked={poRequired}
            onChange={(event) => setPoRequired(event.target.checked)}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Require a purchase-order number</span>
            <span className="text-sm text-base-content/70">Every order of the company, by card or on account, must carry one.</span>
          </span>
        </label>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <SaveBar id={id} label="Save terms" online={online} saving={save.isPending} dirty={dirty} />
      </form>
    </section>
  );
}
