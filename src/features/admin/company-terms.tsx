// A company's payment terms, on the admins' company detail (docs/decisions/044-orders-on-account.md): card
// only or net 15/30/60 days, the credit limit in dollars and cents (sent as cents), and whether every order
// needs a purchase-order number; beside them what the company owes now, the credit it has left and what is
// overdue, and the deposit a company pays by card before each order on account ships (docs/decisions/047). Saving
// needs the network; the server answers the account as it then stands. With the terms the
// admin exempts a company under the reverse charge (docs/decisions/046-tax-per-ship-to-location.md): only
// with its tax number, which the server checks and says so under the box.

import { useId, useState, type FormEvent } from 'react';
import { errorMessage, serverFieldErrors } from '../../api/errors';
import {
  accountMessages,
  MAX_CREDIT_LIMIT,
  MAX_DEPOSIT_PERCENT,
  PAYMENT_TERMS,
  termsLabel,
  type AccountStanding,
  type PaymentTerms,
} from '../../contract/account-terms';
import { toasts } from '../../contract/messages';
import { CURRENCY_NAMES, currencySymbol, formatMoney, minorToField, parseMajor, type CurrencyCode } from '../../contract/money';
import { fieldAria, FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { useSetCompanyTerms } from './set-company-terms';

const creditLimitMessage = (currency: CurrencyCode) =>
  `Enter the credit limit in ${CURRENCY_NAMES[currency]}, such as 12,500 or 12,500.50, at most ${formatMoney(MAX_CREDIT_LIMIT, currency)}`;

/** The typed credit limit in minor units of the company's currency; null for anything that is not an amount within the limit. */
export function creditLimitOf(text: string, currency: CurrencyCode): number | null {
  const minor = parseMajor(text, currency);
  return minor !== null && minor <= MAX_CREDIT_LIMIT ? minor : null;
}

/** The typed deposit in whole percent, 0 to MAX_DEPOSIT_PERCENT (empty is none); null for anything else. */
export function depositPercentOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,2}$/u.test(trimmed)) return null;
  const percent = Number(trimmed);
  return percent <= MAX_DEPOSIT_PERCENT ? percent : null;
}

export function CompanyTerms({
  company,
  account,
  online,
}: {
  company: { id: string; name: string; taxNumber?: string | null };
  account: AccountStanding;
  online: boolean;
}) {
  const id = useId();
  const save = useSetCompanyTerms();
  const [terms, setTerms] = useState<PaymentTerms>(account.paymentTerms);
  const [limit, setLimit] = useState(() => minorToField(account.creditLimit, account.currency));
  const [poRequired, setPoRequired] = useState(account.poRequired);
  const [deposit, setDeposit] = useState(() => String(account.depositPercent ?? 0));
  const [depositError, setDepositError] = useState<string | undefined>(undefined);
  const [taxExempt, setTaxExempt] = useState(account.taxExempt ?? false);
  const [exemptError, setExemptError] = useState<string | undefined>(undefined);
  const [limitError, setLimitError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty =
    terms !== account.paymentTerms ||
    creditLimitOf(limit, account.currency) !== account.creditLimit ||
    poRequired !== account.poRequired ||
    depositPercentOf(deposit) !== (account.depositPercent ?? 0) ||
    taxExempt !== (account.taxExempt ?? false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const creditLimit = creditLimitOf(limit, account.currency);
    if (creditLimit === null) {
      setLimitError(creditLimitMessage(account.currency));
      return;
    }
    setLimitError(undefined);
    const depositPercent = depositPercentOf(deposit);
    if (depositPercent === null) {
      setDepositError(accountMessages.depositPercent);
      return;
    }
    setDepositError(undefined);
    setExemptError(undefined);
    setFailure(null);
    save.mutate(
      // The exemption only when it changes: left out, the server keeps it as it is.
      {
        id: company.id,
        terms: { paymentTerms: terms, creditLimit, poRequired, depositPercent, ...(taxExempt === (account.taxExempt ?? false) ? {} : { taxExempt }) },
      },
      {
        onSuccess: (saved) => {
          setLimit(minorToField(saved.creditLimit, account.currency));
          setDeposit(String(saved.depositPercent ?? 0));
          toast.success(`${company.name} now pays ${saved.paymentTerms === 'card' ? 'by card' : `on ${termsLabel(saved.paymentTerms)} terms`}`);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, ['taxExempt', 'depositPercent'] as const);
          const exempt = fields.find((f) => f.field === 'taxExempt');
          const percent = fields.find((f) => f.field === 'depositPercent');
          if (exempt) setExemptError(exempt.message);
          if (percent) setDepositError(percent.message);
          if (!exempt && !percent) setFailure(errorMessage(error));
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
            <dd className={`text-lg tabular-nums ${tone ?? ''}`}>{formatMoney(cents, account.currency)}</dd>
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
            label={`Credit limit (${CURRENCY_NAMES[account.currency]})`}
            error={limitError}
            hint={
              <p id={`${id}-limit-hint`} className="mt-1 text-sm text-base-content/70">
                What its unpaid orders on account may owe at most; an order over it waits for you on Manage Orders.
              </p>
            }
          >
            <label className={`input w-full ${limitError ? 'input-error' : ''}`}>
              <span aria-hidden="true">{currencySymbol(account.currency)}</span>
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
          <FormField
            id={`${id}-deposit`}
            label="Deposit"
            error={depositError}
            hint={
              <p id={`${id}-deposit-hint`} className="mt-1 text-sm text-base-content/70">
                The share of each order on account the dealer pays by card before it ships; the rest goes on the account. 0 for none.
              </p>
            }
          >
            <label className={`input w-full sm:w-40 ${depositError ? 'input-error' : ''}`}>
              <input
                {...fieldAria(`${id}-deposit`, depositError, `${id}-deposit-hint`)}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                className="grow tabular-nums"
                value={deposit}
                onChange={(event) => setDeposit(event.target.value)}
              />
              <span aria-hidden="true">%</span>
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
        <div className="grid gap-1">
          <label htmlFor={`${id}-exempt`} className="flex cursor-pointer items-start gap-3">
            <input
              {...fieldAria(`${id}-exempt`, exemptError, `${id}-exempt-hint`)}
              type="checkbox"
              className={`checkbox checkbox-primary mt-0.5 ${exemptError ? 'checkbox-error' : ''}`}
              checked={taxExempt}
              onChange={(event) => {
                setTaxExempt(event.target.checked);
                setExemptError(undefined);
              }}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">Exempt under the reverse charge</span>
              <span id={`${id}-exempt-hint`} className="text-sm text-base-content/70">
                {company.taxNumber
                  ? `Its orders carry no tax: the company accounts for it with its tax number ${company.taxNumber}.`
                  : 'Its orders would carry no tax. Only a company with a tax number can be exempt, and this one has none.'}
              </span>
            </span>
          </label>
          {exemptError ? (
            <p id={`${id}-exempt-error`} className="text-sm text-error">
              {exemptError}
            </p>
          ) : null}
        </div>
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
