// The order pad (docs/architecture.md, "Offline"): the dealer's lines, a quick-entry line, the address and
// phone, the total, and Place order, which places the whole pad as one order of many lines, as the
// purchase page places one tool (placeOrder: without a connection it waits in the outbox, and its lines
// leave the pad in the same write).
// The delivery is one of the company's locations (the default to start with) or another address typed here;
// a sales rep first chooses the company it orders for, whose locations are offered then. An order for a
// company carries the dealer's purchase-order number, and where the company has payment terms it goes on
// account (or by card, as chosen), Confirmed or On hold (docs/decisions/044-orders-on-account.md).
// A refusal names its lines: each shows its reason, and the dealer fixes or removes them and places again.
// A line the tool's rules refuse (quantity-rules.ts) is not counted in the totals, and Place order waits
// until every line can be ordered, saying why beside the button.
// Beside it, a dealer of a company may Request a quote instead: the same lines go to the shop for its prices
// (docs/decisions/058-quotes.md), and leave the pad as a placed order's do.

import { Link } from '@tanstack/react-router';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import { ApiError, isSessionRefused } from '../../api/errors';
import { toasts } from '../../contract/messages';
import { MAX_ORDER_LINES, MAX_ORDER_TOTAL } from '../../contract/constants';
import { MAX_ORDER_GROSS_MINOR } from '../../contract/order';
import { LIST_CURRENCY, listMinor } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { orderTotals, showsTax } from '../../contract/tax';
import type { OrderToPlace, PlaceOutcome, QueuedLine, QuoteToRequest } from '../../offline/outbox';
import { useDealerPrices } from '../../offline/prices';
import { addManyToPad, addToPad, removeFromPad, replacePad, setPadQuantity, type PadLine } from '../../offline/store';
import type { Location } from '../../contract/dealer-company';
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
import { AddressField, PhoneField } from '../../ui/form-field';
import { DestinationPicker, useContactForm, useDeliveryChoice, type OrderingForSlot } from '../../ui/location-picker';
import { FormTaxTotals } from '../../ui/order-totals';
import { reportSessionExpired } from '../auth/session';
import { useOnline } from '../offline/network-status';
import { PadImport } from './pad-import';
import { padLineProblem } from './pad-line';
import { PadLines, type PadLinesHandle } from './pad-lines';
import { useTypedQuantities } from './use-order-pad';
import { padPricing, sentPrice } from './pad-pricing';
import { QuickEntry } from './quick-entry';
import { QuickEntryLoading } from './quick-entry-box';
import { RequestQuoteDialog } from './request-quote-dialog';
import { SavedLists } from './saved-lists';

export interface OrderPadProps {
  email: string;
  /** The pad's lines; undefined while they are read. */
  lines: PadLine[] | undefined;
  /** The catalogue (saved copy when offline); undefined while it loads. */
  products: Product[] | undefined;
  productsError: string | null;
  /** Prefills from the dealer's profile. */
  defaultAddress: string;
  defaultPhone: string;
  /** The company's locations to deliver to (offline: as last read), the default chosen to start with; none: the address is typed. */
  locations?: readonly Location[];
  /** A sales rep's order: the company it is for and its "Ordering for" choice; `locations` are that company's. */
  orderingFor?: OrderingForSlot | undefined;
  /** The company the order is for: its PO rule, terms and credit; none for an account without a company. */
  account?: OrderAccount;
  /**
   * Places the pad's order now, or without a connection saves it to be sent once when the connection is
   * back; either way its lines leave the pad (docs/architecture.md, "Offline").
   */
  placeOrder: (order: OrderToPlace) => Promise<PlaceOutcome>;
  /** A refusal came with the tools as they are now (price, stock), and the ids of tools that are gone. */
  onProductsChanged: (current: Product[], gone: string[]) => void;
  /** The order was placed or saved: the caller opens My Orders. */
  onDone: () => void;
}

const NO_LOCATIONS: readonly Location[] = [];

export function OrderPad({
  email,
  lines: storedLines,
  products,
  productsError,
  defaultAddress,
  defaultPhone,
  locations = NO_LOCATIONS,
  orderingFor,
  account = NO_ACCOUNT,
  placeOrder,
  onProductsChanged,
  onDone,
}: OrderPadProps) {
  const id = useId();
  const { lines, typeQuantity } = useTypedQuantities(storedLines);
  const payment = useAccountPayment(`${id}-po`, account);
  const online = useOnline();
  const [serverProblems, setServerProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // "Request a quote": the pad's lines as Place order sends them, while the dialog asks for the message.
  const [quoting, setQuoting] = useState<Omit<QuoteToRequest, 'message'> | null>(null);
  const delivery = useDeliveryChoice(locations, { userAddress: defaultAddress, userPhone: defaultPhone }, orderingFor?.startLocation);
  // The company's own prices where it has a price list (a rep's: the company it orders for), else list prices.
  const pricing = padPricing(useDealerPrices(email, orderingFor ? orderingFor.companyId || null : null));
  const {
    register,
    handleSubmit,
    contactForm,
    formState: { errors },
  } = useContactForm(delivery.defaults);

  const byId = useMemo(() => new Map((products ?? []).map((product) => [product._id, product])), [products]);
  const rows = (lines ?? []).map((line) => ({ line, product: byId.get(line.productId), problem: padLineProblem(byId.get(line.productId), line.quantity) }));
  const counted = rows.flatMap(({ line, product, problem }) => (product && problem === null ? [{ line, product }] : []));
  const total = counted.reduce((sum, { line, product }) => sum + line.quantity * pricing.unit(product, line.quantity), 0);
  // The account's credit is in the company's currency; its fields and hold reason read the total in that currency's major unit.
  // In minor units of the company's currency, as its credit is.
  const netMinor = pricing.prices ? total : listMinor(total);
  // The tax of the place it goes to: the gross is what the card pays and the credit counts.
  const taxTerms = orderTaxTerms(account, delivery.location);
  const totalMinor = orderTotals(netMinor, taxTerms).gross;
  const pieces = counted.reduce((sum, { line }) => sum + line.quantity, 0);
  // A pad past what one order holds is placed in parts: the lines past it wait for the next order.
  const tooMany = rows.length > MAX_ORDER_LINES;
  // One card payment must be able to take the whole order: past that, the server refuses it, so the pad waits.
  const tooLarge = totalMinor > MAX_ORDER_GROSS_MINOR;
  const attention = rows.length - counted.length;
  const notCounted = attention === 0 ? null : attention === 1 ? '1 line needs attention: not counted' : `${attention} lines need attention: not counted`;
  // Only once the lines are read against the catalogue: a pad still loading is not a pad to fix.
  const blocked = lines !== undefined && products !== undefined && (attention > 0 || tooMany || tooLarge);
  const busy = saving;
  // A rep with no company that may order builds its pad but cannot place it; the picker says why.
  const noCompany = orderingFor !== undefined && orderingFor.cannotPlace !== null;
  const blockedId = `${id}-blocked`;

  const forgetServerProblem = (productId: string) => {
    if (!serverProblems.has(productId)) return;
    const next = new Map(serverProblems);
    next.delete(productId);
    setServerProblems(next);
  };

  const store = async (change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      toast.error(toasts.tryAgain);
      throw error;
    }
  };

  const padLines = useRef<PadLinesHandle>(null);
  const focusLine = (productId: string) => padLines.current?.focusLine(productId);
  const onPad = useCallback((productId: string) => lines?.find((line) => line.productId === productId)?.quantity ?? 0, [lines]);
  const addList = useCallback(
    async (list: readonly { product: Product; quantity: number }[], replace = false) => {
      const put = list.map(({ product, quantity }) => ({ productId: product._id, quantity }));
      // A saved list used in place of the pad's lines: emptied and filled in one write.
      await (replace ? replacePad(email, put) : addManyToPad(email, put));
      const count = list.length === 1 ? '1 line' : `${formatCount(list.length)} lines`;
      toast.success(replace ? `The pad now holds ${count}.` : `${count} added to the pad.`);
    },
    [email],
  );

  /** Whether the pad's lines may be sent (ordered or quoted); else says why, or goes to the line to fix. */
  const linesReady = () => {
    setFailure(null);
    if (rows.length === 0) {
      setFailure('The pad is empty: add a tool first.');
      return false;
    }
    // The button waits while a line needs attention; a press that got here anyway goes to that line.
    const toFix = rows.find(({ problem }) => problem !== null);
    if (toFix) {
      focusLine(toFix.line.productId);
      return false;
    }
    return !tooMany && !tooLarge;
  };

  /** The lines as the order (or the quote request) sends them, priced as the pad shows them. */
  const sentLines = (): QueuedLine[] =>
    rows.flatMap(({ line, product }) =>
      product
        ? [
            {
              productId: product._id,
              productName: product.name,
              imageUrl: product.imageUrl,
              quantity: line.quantity,
              ...sentPrice(pricing, product, line.quantity),
            },
          ]
        : [],
    );
  const listPrices = pricing.prices ? { currency: pricing.prices.currency, priceListVersion: pricing.prices.list.version } : {};
  // Quotes are a company's, asked by its dealers; a sales rep orders for its companies at their prices.
  const mayQuote = account.company && orderingFor === undefined;

  const submit = handleSubmit(async (contact) => {
    if (!linesReady()) return;
    const paying = payment.check();
    if (!paying) return;
    const placed = sentLines();
    setSaving(true);
    let outcome: PlaceOutcome;
    try {
      outcome = await placeOrder({
        ownerEmail: email,
        ...contact,
        ...paying,
        ...(orderingFor ? { companyId: orderingFor.companyId } : {}),
        locationId: delivery.locationId,
        lines: placed,
        ...listPrices,
        ...(showsTax(taxTerms) ? { tax: taxTerms } : {}),
        pad: rows.map(({ line }) => line),
      });
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      setFailure(error instanceof ApiError ? error.message : toasts.tryAgain);
      toast.error(toasts.orderFailed, { description: error instanceof ApiError ? error.message : undefined });
      return;
    } finally {
      setSaving(false);
    }
    if (outcome.kind !== 'refused') {
      const onAccount =
        outcome.kind === 'placed'
          ? placedOnAccount(outcome.status, outcome.statusReason ?? holdReason(account.standing, totalMinor), depositText(account, totalMinor))
          : null;
      if (onAccount) toast[onAccount.kind](onAccount.message, { description: onAccount.description });
      else toast.success(outcome.kind === 'placed' ? toasts.orderAdded : toasts.orderSavedOffline);
      onDone();
      return;
    }
    const refused = outcome.refusal.lines;
    setServerProblems(new Map(refused.map((problem) => [problem.productId, problem.message])));
    onProductsChanged(
      refused.flatMap((problem) => (problem.product ? [problem.product] : [])),
      refused.filter((problem) => problem.code === 'not_found').map((problem) => problem.productId),
    );
    setFailure(
      refused.length === 1
        ? 'One line cannot be ordered as it is: change or remove it, then place the order again.'
        : `${refused.length} lines cannot be ordered as they are: change or remove them, then place the order again.`,
    );
    const first = refused[0];
    if (first) focusLine(first.productId);
    toast.error(toasts.orderFailed, { description: outcome.refusal.message });
  });

  const ready = lines !== undefined && (products !== undefined || productsError !== null);
  return (
    <div className="grid gap-6">
      {online ? null : (
        <p role="status" className="rounded-box bg-warning/20 px-4 py-3 text-sm">
          You are offline. Place order saves the order on this device and sends it once when the connection is back
          {mayQuote ? '; so does Request a quote with its request' : ''}.
        </p>
      )}

      {/* Until the lines and the tools are read, the quick-entry box alone: the rest appears below it, moving nothing. */}
      {ready ? null : <QuickEntryLoading />}
      {products && lines ? (
        <QuickEntry products={products} onPad={onPad} onAdd={(product, quantity) => addToPad(email, product._id, quantity)} pricing={pricing} />
      ) : null}
      {products && lines ? <PadImport products={products} onPad={onPad} padLines={lines.length} onAdd={addList} /> : null}
      {products && lines ? (
        <SavedLists
          email={email}
          companyId={orderingFor ? orderingFor.companyId || null : null}
          noCompany={orderingFor !== undefined && !orderingFor.companyId}
          products={products}
          lines={lines}
          onPad={onPad}
          onAdd={addList}
        />
      ) : null}

      {ready ? (
        <>
          <section aria-labelledby={`${id}-lines`}>
            <div className="flex items-baseline justify-between gap-3 border-b border-base-300 pb-2">
              <h2 id={`${id}-lines`} className="text-lg font-bold">
                Lines
              </h2>
              <p className="text-sm text-base-content/80" aria-live="polite">
                {rows.length === 1 ? '1 tool' : `${rows.length} tools`}, {formatCount(pieces)} pcs.{attention > 0 ? ` counted, ${attention} to fix` : ''}
              </p>
            </div>
            {productsError ? (
              <p role="alert" className="py-3 text-error">
                The tools could not be loaded: {productsError}
              </p>
            ) : null}
            {lines && products ? (
              rows.length === 0 ? (
                <p className="py-6 text-base-content/80">
                  Your order pad is empty. Add tools with the line above, or with <strong>Add to order</strong> on the{' '}
                  <Link to="/" hash="tools" className="link link-primary">
                    catalogue
                  </Link>
                  .
                </p>
              ) : (
                <>
                  <div
                    aria-hidden="true"
                    className="hidden grid-cols-[4rem_minmax(0,1fr)_7.5rem_7rem_8rem_2.75rem] gap-x-3 pt-3 text-sm font-semibold text-base-content/75 sm:grid"
                  >
                    <span />
                    <span>Tool</span>
                    <span className="text-right">Quantity (pcs.)</span>
                    <span className="text-right">Unit price</span>
                    <span className="text-right">Line total</span>
                    <span />
                  </div>
                  <PadLines
                    ref={padLines}
                    rows={rows}
                    serverProblems={serverProblems}
                    pricing={pricing}
                    onQuantity={(productId, quantity) => {
                      forgetServerProblem(productId);
                      typeQuantity(
                        productId,
                        quantity,
                        store(() => setPadQuantity(email, productId, quantity)),
                      );
                    }}
                    onRemove={(productId) => {
                      forgetServerProblem(productId);
                      store(() => removeFromPad(email, productId)).catch(() => undefined);
                    }}
                  />
                </>
              )
            ) : null}
          </section>

          <form
            noValidate
            onSubmit={(event) => {
              // The PO number is checked with the address and phone, so every message shows at once.
              payment.touchPoNumber();
              void submit(event);
            }}
            className="grid gap-4 rounded-box border border-base-300 p-4 md:p-6"
            aria-busy={busy}
            aria-labelledby={`${id}-deliver`}
          >
            <h2 id={`${id}-deliver`} className="text-lg font-bold">
              Delivery
            </h2>
            <DestinationPicker id={`${id}-deliver-to`} locations={locations} delivery={delivery} contactForm={contactForm} orderingFor={orderingFor} />
            {delivery.location === null && !noCompany ? (
              <div className="grid gap-4 md:grid-cols-2">
                <AddressField id={`${id}-address`} error={errors.userAddress?.message} field={register('userAddress')} />
                <PhoneField id={`${id}-phone`} error={errors.userPhone?.message} field={register('userPhone')} />
              </div>
            ) : null}
            {noCompany ? null : <AccountPaymentFields id={`${id}-po`} state={payment} totalMinor={totalMinor} />}
            <div className="rounded-box bg-base-200 px-4 py-3" aria-live="polite">
              {showsTax(taxTerms) ? (
                <FormTaxTotals netMinor={netMinor} currency={pricing.prices?.currency ?? LIST_CURRENCY} terms={taxTerms} />
              ) : (
                <p className="flex items-baseline justify-between text-lg">
                  <span>Total</span>
                  <strong className="text-2xl tabular-nums" data-testid="pad-total">
                    {pricing.format(total)}
                  </strong>
                </p>
              )}
              {pricing.prices ? (
                <p className="text-right text-sm text-base-content/80" data-testid="dealer-prices-note">
                  {pricing.prices.note}
                </p>
              ) : null}
              {notCounted ? (
                <p className="text-right text-sm font-medium text-error" data-testid="pad-not-counted">
                  {notCounted}
                </p>
              ) : null}
            </div>
            {failure ? (
              <p role="alert" className="text-sm font-medium text-error">
                {failure}
              </p>
            ) : null}
            <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
              <button
                type="submit"
                className="btn btn-primary w-full sm:w-auto sm:shrink-0 sm:px-10"
                disabled={busy || blocked || noCompany}
                aria-describedby={blocked ? blockedId : undefined}
              >
                {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                Place order
              </button>
              {mayQuote ? (
                <button
                  type="button"
                  className="btn btn-outline w-full sm:w-auto sm:shrink-0"
                  disabled={busy || blocked}
                  aria-describedby={blocked ? blockedId : undefined}
                  onClick={() => {
                    if (linesReady()) setQuoting({ ownerEmail: email, lines: sentLines(), ...listPrices, pad: rows.map(({ line }) => line) });
                  }}
                >
                  Request a quote
                </button>
              ) : null}
              {blocked ? (
                <p id={blockedId} className="text-sm text-base-content/80" data-testid="place-order-blocked">
                  {attention > 0
                    ? `${attention === 1 ? 'One line cannot be ordered as it is' : `${attention} lines cannot be ordered as they are`}: change or remove the lines marked in red to place the order.`
                    : tooMany
                      ? `One order holds at most ${formatCount(MAX_ORDER_LINES)} tools: remove ${formatCount(rows.length - MAX_ORDER_LINES)} to place the order.`
                      : `One order comes to at most ${pricing.format(pricing.prices ? MAX_ORDER_GROSS_MINOR : MAX_ORDER_TOTAL)}${showsTax(taxTerms) ? ' with tax' : ''}: lower quantities or remove lines (a saved list keeps them for another order) to place it.`}
                </p>
              ) : null}
            </div>
          </form>
        </>
      ) : null}
      {quoting ? <RequestQuoteDialog request={quoting} online={online} onClose={() => setQuoting(null)} /> : null}
    </div>
  );
}
