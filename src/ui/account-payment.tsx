// How an order of a company is paid, as the purchase page and the order pad both ask it
// (docs/decisions/044-orders-on-account.md): the dealer's purchase-order number (required where the company
// says so), and for a company with payment terms the choice "On account" or "Card", with the credit it has
// left and a note when the order is over it. An account without a company sees none of it and pays by card,
// as the spec has it. The server decides: it checks the PO rule again and holds an order over the credit.

import { useState } from 'react';
import * as v from 'valibot';
import { formatMoney } from '../contract/money';
import {
  accountMessages,
  depositOn,
  PO_NUMBER_MAX_LENGTH,
  PoNumberSchema,
  termsLabel,
  type AccountStanding,
  type PaymentChoice,
} from '../contract/account-terms';
import { needsCardPayment } from '../contract/order';
import type { OrderStatus } from '../contract/order-status';
import { NO_TAX, placeTaxTerms, type PlaceTax, type TaxTerms } from '../contract/tax';
import { fieldAria, FormField } from './form-field';

/** What the form knows of the company the order is for. */
export interface OrderAccount {
  /** The order is for a company (a dealer's own, or the one a sales rep orders for): the PO number is asked. */
  company: boolean;
  /** Its terms and credit as last read (offline: as saved); null when not known. */
  standing: AccountStanding | null;
  /** Its tax as last read: exempt under the reverse charge, and its country's rate for a typed address; null when not known. */
  tax?: (PlaceTax & { taxExempt?: boolean | undefined }) | null;
}

export const NO_ACCOUNT: OrderAccount = { company: false, standing: null };

/**
 * The tax of the order as the server will work it out (docs/decisions/046): the chosen location's rate, the
 * company's country's for a typed address (`location` null), the reverse charge for an exempt company, and
 * none for an order without a company or while the company is not known.
 */
export function orderTaxTerms(account: OrderAccount, location: PlaceTax | null): TaxTerms {
  const place = location ?? account.tax ?? null;
  return account.company && place ? placeTaxTerms(place, account.tax?.taxExempt === true) : NO_TAX;
}

/** Whether the company may choose to pay on account: it has terms other than card. */
export const offersAccount = (standing: AccountStanding | null): standing is AccountStanding => standing !== null && standing.paymentTerms !== 'card';

/** What is wrong with a typed PO number, in the dealer's words; null when it may be sent. */
export function poNumberProblem(text: string, required: boolean): string | null {
  const parsed = v.safeParse(PoNumberSchema, text);
  if (!parsed.success) return parsed.issues[0].message;
  if (required && !parsed.output) return accountMessages.poRequired;
  return null;
}

/** The deposit an order on account of this gross pays by card before it ships (docs/decisions/047); 0 for none. */
export function depositFor(standing: AccountStanding | null, totalMinor: number): number {
  return offersAccount(standing) ? depositOn(totalMinor, standing.depositPercent ?? 0) : 0;
}

/**
 * Why an order on account would wait for the shop, as far as the account last read tells; null when it would
 * not. The credit counts the order less its deposit, which is paid by card.
 */
export function holdReason(standing: AccountStanding | null, totalMinor: number): string | null {
  if (!offersAccount(standing)) return null;
  if (standing.overdue > 0) return accountMessages.overdue;
  return totalMinor - depositFor(standing, totalMinor) > standing.available ? accountMessages.overCredit : null;
}

/** What the order's body carries of it: a PO number (none when empty) and the payment chosen (none: the server's default). */
export interface AccountChoice {
  poNumber?: string;
  payment?: PaymentChoice;
}

export interface AccountPayment {
  account: OrderAccount;
  poNumber: string;
  setPoNumber: (text: string) => void;
  poError: string | null;
  /** Checks the PO number as the field is left. */
  touchPoNumber: () => void;
  payment: PaymentChoice;
  setPayment: (choice: PaymentChoice) => void;
  /** What to send, or null after showing why the PO number is refused (its field then has the focus). */
  check: () => AccountChoice | null;
}

/** `id`: the PO field's id, focused when it is refused. */
export function useAccountPayment(id: string, account: OrderAccount): AccountPayment {
  const [poNumber, setPoNumberText] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentChoice>('account');
  const required = account.standing?.poRequired === true;
  const problem = () => (account.company ? poNumberProblem(poNumber, required) : null);
  return {
    account,
    poNumber,
    setPoNumber: (text) => {
      setPoNumberText(text);
      // Once shown, the message follows the typing, so it leaves as soon as the number is right.
      if (poError !== null) setPoError(account.company ? poNumberProblem(text, required) : null);
    },
    poError,
    touchPoNumber: () => setPoError(problem()),
    payment,
    setPayment,
    check: () => {
      const refused = problem();
      setPoError(refused);
      if (refused) {
        document.getElementById(id)?.focus();
        return null;
      }
      const typed = poNumber.trim();
      return {
        ...(account.company && typed !== '' ? { poNumber: typed } : {}),
        ...(offersAccount(account.standing) ? { payment } : {}),
      };
    },
  };
}

export interface AccountPaymentFieldsProps {
  /** The PO field's id (the one given to useAccountPayment); the payment choice's ids start with it. */
  id: string;
  state: AccountPayment;
  /** The order's total as shown, in minor units of the company's currency (as its credit is). */
  totalMinor: number;
}

/** The PO number and the payment choice; nothing for an order without a company. */
export function AccountPaymentFields({ id, state, totalMinor }: AccountPaymentFieldsProps) {
  const { account, poError } = state;
  if (!account.company) return null;
  const standing = account.standing;
  const required = standing?.poRequired === true;
  const onAccount = offersAccount(standing) && state.payment === 'account';
  const hold = onAccount ? holdReason(standing, totalMinor) : null;
  const deposit = onAccount ? depositFor(standing, totalMinor) : 0;
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-4">
      <FormField
        id={id}
        label={
          <>
            Purchase-order number <span className="font-normal text-base-content/80">{required ? '(required by your company)' : '(optional)'}</span>
          </>
        }
        error={poError ?? undefined}
        hint={
          <p id={hintId} className="mt-1 text-sm text-base-content/80">
            Your own reference; it is printed on the invoice.
          </p>
        }
      >
        <input
          {...fieldAria(id, poError ?? undefined, hintId)}
          type="text"
          autoComplete="off"
          maxLength={PO_NUMBER_MAX_LENGTH}
          aria-required={required}
          className={`input w-full ${poError ? 'input-error' : ''}`}
          value={state.poNumber}
          onChange={(event) => state.setPoNumber(event.target.value)}
          onBlur={state.touchPoNumber}
        />
      </FormField>
      {offersAccount(standing) ? (
        <fieldset className="grid gap-2" aria-describedby={`${id}-credit`}>
          <legend className="mb-1 font-medium">Payment</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-primary"
                name={`${id}-payment`}
                checked={state.payment === 'account'}
                onChange={() => state.setPayment('account')}
              />
              On account ({termsLabel(standing.paymentTerms)})
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-primary"
                name={`${id}-payment`}
                checked={state.payment === 'card'}
                onChange={() => state.setPayment('card')}
              />
              Card
            </label>
          </div>
          <p id={`${id}-credit`} className="text-sm text-base-content/80" data-testid="credit-available">
            Credit available: <span className="font-semibold tabular-nums text-base-content">{formatMoney(standing.available, standing.currency)}</span>
          </p>
          {deposit > 0 ? (
            <p className="text-sm" data-testid="deposit-note">
              Deposit of {standing.depositPercent ?? 0}% by card once the order is confirmed:{' '}
              <span className="font-semibold tabular-nums">{formatMoney(deposit, standing.currency)}</span>. It ships once the deposit is paid; the rest goes on
              your account.
            </p>
          ) : null}
          {hold ? (
            <p role="status" className="rounded-box bg-warning/20 px-3 py-2 text-sm" data-testid="credit-note">
              {hold === accountMessages.overCredit ? 'This order is over your available credit: it will wait for the shop to release it.' : hold}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * The toast of an order placed on account: confirmed (with the deposit to pay first, when the company pays one),
 * or on hold and why as far as the form knows; null for an order to pay by card, which goes on as the spec has
 * it (paid from the dashboard). `deposit`: the deposit as the form worked it out, written in the currency.
 */
export function placedOnAccount(
  status: OrderStatus | undefined,
  why: string | null,
  deposit: string | null = null,
): { kind: 'success' | 'warning'; message: string; description: string } | null {
  if (needsCardPayment(status)) return null;
  if (status === 'Confirmed') {
    const description = deposit ? `Pay its deposit of ${deposit} by card in My Orders: it ships once the deposit is paid.` : 'Its invoice comes when it ships.';
    return { kind: 'success', message: 'Order confirmed on account', description };
  }
  if (status === 'Awaiting approval') {
    return {
      kind: 'warning',
      message: 'Order sent for approval',
      description: 'It is over your spending limit: an approver of your company approves or declines it. My Orders shows each step.',
    };
  }
  if (status === 'On hold') {
    return { kind: 'warning', message: 'Order on hold', description: why ?? 'It waits for the shop to release it; My Orders says why.' };
  }
  return null;
}

/** The deposit of an order on account of this gross, written in the company's currency; null for none. */
export function depositText(account: OrderAccount, totalMinor: number): string | null {
  const deposit = depositFor(account.standing, totalMinor);
  return deposit > 0 && account.standing ? formatMoney(deposit, account.standing.currency) : null;
}
