// Accept on the dealer's Quotes screen (docs/decisions/058-quotes.md): the order's delivery and payment, as the
// order pad asks them (one of the company's locations or an address typed here, the PO number, on account or
// by card where the company has terms); the lines and prices are the quote's, taken by the server. The
// acceptance names the version of the quote the dealer read, and carries one clientOrderId per attempt, so a
// press repeated after a lost answer is the same order. An order to pay by card goes on to its payment page.

import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { errorMessage, isSessionRefused } from '../../api/errors';
import type { Location } from '../../contract/dealer-company';
import { formatMoney } from '../../contract/money';
import { needsCardPayment } from '../../contract/order';
import { quoteTotal, type Quote } from '../../contract/quote';
import { orderTotals, showsTax } from '../../contract/tax';
import { AccountPaymentFields, depositText, holdReason, orderTaxTerms, placedOnAccount, useAccountPayment, type OrderAccount } from '../../ui/account-payment';
import { AddressField, PhoneField } from '../../ui/form-field';
import { DestinationPicker, useContactForm, useDeliveryChoice } from '../../ui/location-picker';
import { FormTaxTotals } from '../../ui/order-totals';
import { toast } from '../../ui/toast';
import { reportSessionExpired } from '../auth/session';
import { acceptQuote, useQuoteChange } from './quotes-api';

/** Where the order of an accepted quote goes and how it is paid, as the order pad's form starts. */
export interface QuoteDelivery {
  defaultAddress: string;
  defaultPhone: string;
  /** The company's locations, the default chosen to start with; none: the address is typed. */
  locations: readonly Location[];
  /** The company's PO rule, terms and credit, and its tax. */
  account: OrderAccount;
}

/** A quote is always a company's: its PO number is asked, and the server applies its terms. */
export const TYPED_DELIVERY: QuoteDelivery = { defaultAddress: '', defaultPhone: '', locations: [], account: { company: true, standing: null } };

export interface DealerQuoteAcceptProps {
  quote: Quote;
  delivery: QuoteDelivery;
  online: boolean;
  onCancel: () => void;
}

export function DealerQuoteAccept({ quote, delivery: start, online, onCancel }: DealerQuoteAcceptProps) {
  const id = useId();
  const navigate = useNavigate();
  const { account } = start;
  const payment = useAccountPayment(`${id}-po`, account);
  const delivery = useDeliveryChoice(start.locations, { userAddress: start.defaultAddress, userPhone: start.defaultPhone });
  // One order per acceptance: made as the form opens, and sent again by every press until it is answered.
  const [clientOrderId] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const accept = useQuoteChange((body: Parameters<typeof acceptQuote>[1]) => acceptQuote(quote.id, body));
  const {
    register,
    handleSubmit,
    contactForm,
    formState: { errors },
  } = useContactForm(delivery.defaults);

  const netMinor = quoteTotal(quote) ?? 0;
  const taxTerms = orderTaxTerms(account, delivery.location);
  const totalMinor = orderTotals(netMinor, taxTerms).gross;

  const submit = handleSubmit(async (contact) => {
    setFailure(null);
    const paying = payment.check();
    if (!paying) return;
    try {
      const placed = await accept.mutateAsync({
        clientOrderId,
        version: quote.version,
        ...contact,
        ...(delivery.locationId ? { locationId: delivery.locationId } : {}),
        ...paying,
      });
      const name = placed.number ? `Order ${placed.number}` : 'Your order';
      if (needsCardPayment(placed.status)) {
        toast.success(`${name} is placed from ${quote.number}`, { description: 'Pay it by card now to confirm it.' });
        await navigate({ to: '/dashboard/payment/$id', params: { id: placed.insertedId } });
        return;
      }
      const onAccount = placedOnAccount(placed.status, placed.statusReason ?? holdReason(account.standing, totalMinor), depositText(account, totalMinor));
      if (onAccount) toast[onAccount.kind](onAccount.message, { description: onAccount.description });
      else toast.success(`${name} is placed from ${quote.number}`);
      await navigate({ to: '/dashboard/my-orders' });
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else setFailure(errorMessage(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        payment.touchPoNumber();
        void submit(event);
      }}
      className="grid gap-4 rounded-box border border-primary/40 p-4 md:p-6"
      aria-busy={accept.isPending}
      aria-labelledby={`${id}-title`}
    >
      <div>
        <h3 id={`${id}-title`} className="text-lg font-bold">
          Accept {quote.number}
        </h3>
        <p className="text-sm text-base-content/80">The order is placed with the quote’s tools, quantities and prices. Say where it goes and how it is paid.</p>
      </div>
      <DestinationPicker id={`${id}-deliver-to`} locations={start.locations} delivery={delivery} contactForm={contactForm} />
      {delivery.location === null ? (
        <div className="grid gap-4 md:grid-cols-2">
          <AddressField id={`${id}-address`} error={errors.userAddress?.message} field={register('userAddress')} />
          <PhoneField id={`${id}-phone`} error={errors.userPhone?.message} field={register('userPhone')} />
        </div>
      ) : null}
      <AccountPaymentFields id={`${id}-po`} state={payment} totalMinor={totalMinor} />
      <div className="rounded-box bg-base-200 px-4 py-3">
        {showsTax(taxTerms) ? (
          <FormTaxTotals netMinor={netMinor} currency={quote.currency} terms={taxTerms} />
        ) : (
          <p className="flex items-baseline justify-between text-lg">
            <span>Total at the quoted prices</span>
            <strong className="text-2xl tabular-nums">{formatMoney(netMinor, quote.currency)}</strong>
          </p>
        )}
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={accept.isPending || !online}>
          {accept.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Place the order
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={accept.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
