// A member's spending on My Company, for the company admin (docs/decisions/055-buyer-approvals-and-spending-limits.md):
// a buyer's limits per order and per calendar month in the company's currency (empty: no limit), and whether the
// member approves the orders that go over one. Company admins always approve and order without limits.

import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isSessionRefused } from '../../api/errors';
import type { Member } from '../../contract/dealer-company';
import { CURRENCY_NAMES, currencySymbol, formatMoney, minorToField, parseMajor, type CurrencyCode } from '../../contract/money';
import { MAX_SPENDING_LIMIT } from '../../contract/spending-limits';
import { fieldAria, FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { reportSessionExpired } from '../auth/session';
import { useUpdateMember } from './update-member';

const limitMessage = (currency: CurrencyCode) =>
  `Enter an amount in ${CURRENCY_NAMES[currency]}, such as 500 or 1,250.50, at most ${formatMoney(MAX_SPENDING_LIMIT, currency)}; leave it empty for no limit`;

/** The typed limit: null for none (empty), the minor units, or undefined for anything that is not an amount above zero within the maximum. */
export function limitOf(text: string, currency: CurrencyCode): number | null | undefined {
  if (text.trim() === '') return null;
  const minor = parseMajor(text, currency);
  return minor !== null && minor > 0 && minor <= MAX_SPENDING_LIMIT ? minor : undefined;
}

const fieldOf = (minor: number | null | undefined, currency: CurrencyCode) => (minor === null || minor === undefined ? '' : minorToField(minor, currency));

export function MemberLimits({ member, currency, online }: { member: Member; currency: CurrencyCode; online: boolean }) {
  const id = useId();
  const update = useUpdateMember();
  const who = member.name || member.email;
  const [perOrder, setPerOrder] = useState(() => fieldOf(member.orderLimitMinor, currency));
  const [perMonth, setPerMonth] = useState(() => fieldOf(member.monthlyLimitMinor, currency));
  const [approver, setApprover] = useState(member.isApprover ?? false);
  const [errors, setErrors] = useState<{ order?: string; month?: string }>({});

  if (member.role === 'company_admin') {
    return <p className="text-sm text-base-content/70">Approves orders over a spending limit; a company admin’s own orders have no limit.</p>;
  }

  const orderLimit = limitOf(perOrder, currency);
  const monthLimit = limitOf(perMonth, currency);
  const changed =
    orderLimit !== (member.orderLimitMinor ?? null) || monthLimit !== (member.monthlyLimitMinor ?? null) || approver !== (member.isApprover ?? false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      order: orderLimit === undefined ? limitMessage(currency) : undefined,
      month: monthLimit === undefined ? limitMessage(currency) : undefined,
    };
    setErrors(found);
    if (orderLimit === undefined || monthLimit === undefined) return;
    try {
      await update.mutateAsync({ userId: member.userId, body: { orderLimitMinor: orderLimit, monthlyLimitMinor: monthLimit, isApprover: approver } });
      toast.success(`Spending of ${who} saved`);
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else toast.error(errorMessage(error));
    }
  };

  const money = (text: string, set: (value: string) => void, field: 'order' | 'month', label: string) => (
    <FormField id={`${id}-${field}`} label={label} error={errors[field]}>
      <label className={`input w-full ${errors[field] ? 'input-error' : ''}`}>
        <span aria-hidden="true">{currencySymbol(currency)}</span>
        <input
          {...fieldAria(`${id}-${field}`, errors[field])}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="No limit"
          className="grow tabular-nums"
          value={text}
          onChange={(event) => set(event.target.value)}
        />
      </label>
    </FormField>
  );

  return (
    <form noValidate aria-label={`Spending of ${who}`} className="grid gap-3 rounded-box bg-base-200/60 p-3" onSubmit={(event) => void save(event)}>
      <p className="text-sm text-base-content/80">An order over a limit waits for an approver: a company admin, or a member who approves.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {money(perOrder, setPerOrder, 'order', 'Limit per order')}
        {money(perMonth, setPerMonth, 'month', 'Limit per month')}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-8">
          <input type="checkbox" className="toggle toggle-sm" checked={approver} disabled={!online} onChange={(event) => setApprover(event.target.checked)} />
          <span>Approves orders over a limit</span>
        </label>
        <button type="submit" className="btn btn-sm btn-primary min-h-11 sm:min-h-8" disabled={!online || !changed || update.isPending}>
          Save spending
        </button>
      </div>
    </form>
  );
}
