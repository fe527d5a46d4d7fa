// The order form of the purchase page (the spec): name and e-mail read-only, address and
// phone required, a quantity from the minimum to the most one order may take (the stock, or the tool's
// own maximum, or the shop's limit, whichever is smallest: quantity-rules.ts), and the live total. The
// server decides the price: the total the customer saw is sent along, and a changed price comes back to
// be confirmed. A tool sold in packs takes whole packs only, and its volume prices show in a table whose
// row for the typed quantity is highlighted; the total is at that row's price. A dealer whose company has
// locations picks where it goes (the default to start with), or another address typed as before; a sales
// rep first chooses the company it orders for, whose locations are offered then. An order for a company
// carries the dealer's purchase-order number, and where the company has payment terms it goes on account
// (or by card, as chosen): it is then Confirmed or On hold, not paid from the dashboard (docs/decisions/044).

import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { ApiError, isSessionRefused, NetworkError } from '../../api/errors';
import { refusalMessage } from '../../api/order-refusal';
import { toasts } from '../../contract/messages';
import { LIST_CURRENCY, listMinor } from '../../contract/money';
import { formatDollars, unitPriceFor } from '../../contract/pricing';
import { isInRange, quantityProblem, rangeMessage, upperBound } from '../../contract/quantity-rules';
import type { Location } from '../../contract/dealer-company';
import type { Product } from '../../contract/product';
import { orderTotals, showsTax } from '../../contract/tax';
import type { OrderToPlace, PlaceOutcome } from '../../offline/outbox';
import { useDealerPrices } from '../../offline/prices';
import {
  AccountPaymentFields,
  depositText,
  holdReason,
  NO_ACCOUNT,
  orderTaxTerms,
  placedOnAccount,
  useAccountPayment,
  type OrderAccount,
} from '../../ui/account-payment';
import { FormTaxTotals } from '../../ui/order-totals';
import { ReadOnlyIdentity } from '../../ui/form-field';
import { DestinationPicker, useDeliveryChoice, type OrderingForSlot } from '../../ui/location-picker';
import { PriceTiers } from '../../ui/price-tiers';
import { reportSessionExpired } from '../auth/session';
import { OrderFields, useOrderForm } from './order-fields';

export interface PurchaseFormProps {
  product: Product;
  userName: string;
  userEmail: string;
  /** Prefills from the customer's profile. */
  defaultAddress?: string;
  defaultPhone?: string;
  /** The company's locations to deliver to, the default chosen to start with; none: the address is typed. */
  locations?: readonly Location[];
  /** A sales rep's order: the company it is for and its "Ordering for" choice; `locations` are that company's. */
  orderingFor?: OrderingForSlot | undefined;
  /** The company the order is for: its PO rule, terms and credit; none for an account without a company. */
  account?: OrderAccount;
  /**
   * Places the order now, or without a connection saves it to be sent once when the connection is back
   * (docs/architecture.md, "Offline").
   */
  placeOrder: (order: OrderToPlace) => Promise<PlaceOutcome>;
  /** The order was placed, or saved on the device to be sent later. */
  onOrdered: () => void;
  /** The server sent the product as it is now (a changed price or stock). */
  onProductChanged: (product: Product) => void;
}

const NO_LOCATIONS: readonly Location[] = [];

export function PurchaseForm({
  product,
  userName,
  userEmail,
  defaultAddress = '',
  defaultPhone = '',
  locations = NO_LOCATIONS,
  orderingFor,
  account = NO_ACCOUNT,
  placeOrder,
  onOrdered,
  onProductChanged,
}: PurchaseFormProps) {
  const id = useId();
  const payment = useAccountPayment(`${id}-po`, account);
  const [failure, setFailure] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<{ from: number; to: number } | null>(null);
  const delivery = useDeliveryChoice(locations, { userAddress: defaultAddress, userPhone: defaultPhone }, orderingFor?.startLocation);
  // The company's own prices where it has a price list (a rep's: the company it orders for), else list prices.
  const prices = useDealerPrices(userEmail, orderingFor ? orderingFor.companyId || null : null);
  const unitAt = (quantity: number) => (prices ? prices.unit(product, quantity) : unitPriceFor(product, quantity));
  const money = prices ? prices.format : formatDollars;
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useOrderForm(product, { ...delivery.defaults, orderQuantity: product.minOrderQnt });
  const contactForm = {
    read: () => ({ userAddress: getValues('userAddress'), userPhone: getValues('userPhone') }),
    write: (values: { userAddress: string; userPhone: string }) => {
      setValue('userAddress', values.userAddress);
      setValue('userPhone', values.userPhone);
      clearErrors(['userAddress', 'userPhone']);
    },
  };

  const quantity = watch('orderQuantity');
  const inRange = isInRange(product, quantity);
  // An empty or unparsable quantity counts as the minimum, as the box starts.
  const counted = Number.isFinite(quantity) ? quantity : product.minOrderQnt;
  const total = counted * unitAt(counted);
  // The account's credit is in the company's currency; its fields and hold reason read the total in its major unit.
  // In minor units of the company's currency, as its credit is.
  const netMinor = prices ? total : listMinor(total);
  // The tax of the place it goes to: the gross is what the card pays and the credit counts.
  const taxTerms = orderTaxTerms(account, delivery.location);
  const totalMinor = orderTotals(netMinor, taxTerms).gross;
  // The spec's range message covers the minimum and the bound; in range, only the pack is left to break.
  const ruleMessage = inRange ? quantityProblem(product, quantity)?.message : undefined;
  const tiers = prices ? prices.tiers(product) : (product.priceTiers ?? []);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const paying = payment.check();
    if (!paying) return;
    let outcome: PlaceOutcome;
    try {
      outcome = await placeOrder({
        ownerEmail: userEmail,
        ...paying,
        userAddress: values.userAddress,
        userPhone: values.userPhone,
        ...(orderingFor ? { companyId: orderingFor.companyId } : {}),
        locationId: delivery.locationId,
        // The volume price of this quantity, as the total shown was worked out.
        lines: [
          {
            productId: product._id,
            productName: product.name,
            imageUrl: product.imageUrl,
            quantity: values.orderQuantity,
            unitPrice: unitPriceFor(product, values.orderQuantity),
            ...(prices ? { unitPriceMinor: prices.unit(product, values.orderQuantity) } : {}),
          },
        ],
        ...(prices ? { currency: prices.currency, priceListVersion: prices.list.version } : {}),
        ...(showsTax(taxTerms) ? { tax: taxTerms } : {}),
      });
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      const reason = error instanceof ApiError || error instanceof NetworkError ? error.message : toasts.tryAgain;
      setFailure(reason);
      toast.error(toasts.orderFailed, { description: reason });
      return;
    }
    if (outcome.kind !== 'refused') {
      setPriceChange(null);
      const onAccount =
        outcome.kind === 'placed'
          ? placedOnAccount(outcome.status, outcome.statusReason ?? holdReason(account.standing, totalMinor), depositText(account, totalMinor))
          : null;
      if (onAccount) toast[onAccount.kind](onAccount.message, { description: onAccount.description });
      else toast.success(outcome.kind === 'placed' ? toasts.orderAdded : toasts.orderSavedOffline);
      onOrdered();
      return;
    }
    const [line] = outcome.refusal.lines;
    if (line?.product) {
      // Per unit at this quantity: a volume price may have moved while the list price did not.
      if (line.code === 'price_changed')
        setPriceChange(
          prices && line.seenPriceMinor !== undefined && line.priceMinor !== undefined
            ? { from: line.seenPriceMinor, to: line.priceMinor }
            : {
                from: unitAt(values.orderQuantity),
                to: prices ? prices.unit(line.product, values.orderQuantity) : unitPriceFor(line.product, values.orderQuantity),
              },
        );
      onProductChanged(line.product);
    }
    const reason = refusalMessage(outcome.refusal, 1);
    setFailure(reason);
    toast.error(toasts.orderFailed, { description: reason });
  });

  const quantityMessage = rangeMessage(product);
  const busy = isSubmitting;
  // A rep with no company that may order cannot order; the picker says why.
  const noCompany = orderingFor !== undefined && orderingFor.cannotPlace !== null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The PO number is checked with the other fields, so every message shows at once.
        payment.touchPoNumber();
        void submit(event);
      }}
      className="grid gap-4"
      aria-busy={busy}
    >
      <ReadOnlyIdentity idPrefix={id} name={userName} email={userEmail} className="grid gap-4 sm:grid-cols-2" />

      <DestinationPicker id={`${id}-deliver-to`} locations={locations} delivery={delivery} contactForm={contactForm} orderingFor={orderingFor} />

      <OrderFields
        idPrefix={id}
        register={register}
        errors={errors}
        contact={delivery.location === null && !noCompany}
        quantity={{
          min: product.minOrderQnt,
          max: upperBound(product).bound,
          step: product.packSize ?? 1,
          error: inRange ? ruleMessage : quantityMessage,
          live: true,
        }}
      />

      {tiers.length > 0 ? (
        <PriceTiers
          price={unitAt(1)}
          minOrderQnt={product.minOrderQnt}
          priceTiers={tiers}
          quantity={Number.isFinite(quantity) ? quantity : product.minOrderQnt}
          format={money}
        />
      ) : null}

      {noCompany ? null : <AccountPaymentFields id={`${id}-po`} state={payment} totalMinor={totalMinor} />}

      {showsTax(taxTerms) ? (
        <div className="rounded-box bg-base-200 px-4 py-3" aria-live="polite">
          <FormTaxTotals netMinor={netMinor} currency={prices?.currency ?? LIST_CURRENCY} terms={taxTerms} />
        </div>
      ) : (
        <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3 text-lg" aria-live="polite">
          <span>Total</span>
          <strong className="text-2xl" data-testid="order-total">
            {money(total)}
          </strong>
        </p>
      )}
      {prices ? (
        <p className="-mt-2 text-right text-sm text-base-content/80" data-testid="dealer-prices-note">
          {prices.note}
        </p>
      ) : null}

      {priceChange ? (
        <div role="alert" className="alert alert-warning">
          <span>
            The price has changed from {money(priceChange.from)} to {money(priceChange.to)} per unit. Check the new total and press Order to confirm.
          </span>
        </div>
      ) : null}
      {failure && !priceChange ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}

      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto sm:justify-self-start sm:px-10"
        disabled={!inRange || ruleMessage !== undefined || busy || noCompany}
      >
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Order
      </button>
    </form>
  );
}
