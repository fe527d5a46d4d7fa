// The order form of the purchase page (the spec): name and e-mail read-only, address and
// phone required, a quantity from the minimum to the stock, and the live total. The server decides the
// price: the total the customer saw is sent along, and a changed price comes back to be confirmed. A tool
// with bulk-order rules also takes whole packs only, up to its maximum, and its volume prices show in a
// table whose row for the typed quantity is highlighted; the total is at that row's price.

import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { ApiError, isSessionRefused, NetworkError } from '../../api/errors';
import { toasts, validationMessages } from '../../contract/messages';
import type { CreateOrderBody } from '../../contract/order';
import { displayTotal, formatDollars, isQuantityInRange, lineProblem, lineTotal, unitPriceFor } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { ReadOnlyIdentity } from '../../ui/form-field';
import { PriceTiers } from '../../ui/price-tiers';
import { reportSessionExpired } from '../auth/session';
import { isOnline } from '../offline/network-status';
import { OrderFields, useOrderForm } from './order-fields';
import { orderConflict, usePlaceOrder } from './place-order';

export interface PurchaseFormProps {
  product: Product;
  userName: string;
  userEmail: string;
  /** Prefills from the customer's profile. */
  defaultAddress?: string;
  defaultPhone?: string;
  onOrdered: (orderId: string) => void;
  /** The server sent the product as it is now (a changed price or stock). */
  onProductChanged: (product: Product) => void;
  /**
   * No connection: offline, or the request got no answer (`requestSent`). The caller saves the order,
   * with its clientOrderId, to be sent when the connection is back (docs/architecture.md, "Offline").
   */
  onUnreachable?: (order: CreateOrderBody, requestSent: boolean) => Promise<void>;
}

export function PurchaseForm({
  product,
  userName,
  userEmail,
  defaultAddress = '',
  defaultPhone = '',
  onOrdered,
  onProductChanged,
  onUnreachable,
}: PurchaseFormProps) {
  const id = useId();
  const place = usePlaceOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<{ from: number; to: number } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useOrderForm(
    product.minOrderQnt,
    product.availableQnt,
    { userAddress: defaultAddress, userPhone: defaultPhone, orderQuantity: product.minOrderQnt },
    product,
  );

  const quantity = watch('orderQuantity');
  const soldOut = product.availableQnt < product.minOrderQnt;
  const inRange = isQuantityInRange(quantity, product.minOrderQnt, product.availableQnt);
  const total = displayTotal(Number.isNaN(quantity) ? undefined : quantity, product.minOrderQnt, product.price, product);
  // The spec's range message covers the minimum and the stock; the maximum and the pack have their own.
  const rule = inRange ? lineProblem(product, quantity) : null;
  const ruleMessage = rule && (rule.code === 'above_maximum' || rule.code === 'not_pack_multiple') ? rule.message : undefined;
  const tiers = product.priceTiers ?? [];

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const order: CreateOrderBody = {
      productId: product._id,
      orderQuantity: values.orderQuantity,
      userAddress: values.userAddress,
      userPhone: values.userPhone,
      // A fresh id per attempt: a retried request is recognised, a new attempt is a new order.
      clientOrderId: crypto.randomUUID(),
      totalPrice: lineTotal(product, values.orderQuantity),
    };
    if (onUnreachable && !isOnline()) {
      await onUnreachable(order, false);
      return;
    }
    try {
      const { insertedId } = await place.mutateAsync(order);
      setPriceChange(null);
      toast.success(toasts.orderAdded);
      onOrdered(insertedId);
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      // The same order, same clientOrderId, goes to the outbox: if it did arrive, the resend is answered with it.
      if (error instanceof NetworkError && onUnreachable) {
        await onUnreachable(order, true);
        return;
      }
      const conflict = orderConflict(error);
      if (conflict?.product) {
        // Per unit at this quantity: a volume price may have moved while the list price did not.
        if (conflict.code === 'price_changed')
          setPriceChange({ from: unitPriceFor(product, values.orderQuantity), to: unitPriceFor(conflict.product, values.orderQuantity) });
        onProductChanged(conflict.product);
      }
      const reason = error instanceof ApiError || error instanceof NetworkError ? error.message : toasts.tryAgain;
      setFailure(reason);
      toast.error(toasts.orderFailed, { description: reason });
    }
  });

  const quantityMessage = soldOut ? 'This tool is out of stock right now.' : validationMessages.quantityRange(product.minOrderQnt, product.availableQnt);
  const busy = isSubmitting || place.isPending;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-busy={busy}>
      <ReadOnlyIdentity idPrefix={id} name={userName} email={userEmail} className="grid gap-4 sm:grid-cols-2" />

      <OrderFields
        idPrefix={id}
        register={register}
        errors={errors}
        quantity={{
          min: product.minOrderQnt,
          max: Math.min(product.availableQnt, product.maxOrderQnt ?? Infinity),
          step: product.packSize ?? 1,
          error: inRange ? ruleMessage : quantityMessage,
          live: true,
        }}
      />

      {tiers.length > 0 ? (
        <PriceTiers
          price={product.price}
          minOrderQnt={product.minOrderQnt}
          priceTiers={tiers}
          quantity={Number.isFinite(quantity) ? quantity : product.minOrderQnt}
        />
      ) : null}

      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3 text-lg" aria-live="polite">
        <span>Total</span>
        <strong className="text-2xl" data-testid="order-total">
          {formatDollars(total)}
        </strong>
      </p>

      {priceChange ? (
        <div role="alert" className="alert alert-warning">
          <span>
            The price has changed from {formatDollars(priceChange.from)} to {formatDollars(priceChange.to)} per unit. Check the new total and press Order to
            confirm.
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
        disabled={!inRange || ruleMessage !== undefined || busy}
      >
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Order
      </button>
    </form>
  );
}
