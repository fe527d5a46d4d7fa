// The order form of the purchase page (spec sections 2 and 5): name and e-mail read-only, address and
// phone required, a quantity from the minimum to the stock, and the live total. The server decides the
// price: the total the customer saw is sent along, and a changed price comes back to be confirmed.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, NetworkError } from '../../api/errors';
import { toasts, validationMessages } from '../../contract/messages';
import { purchaseFormSchema, type CreateOrderBody, type PurchaseForm as PurchaseValues } from '../../contract/order';
import { displayTotal, formatDollars, isQuantityInRange, orderTotal } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { reportSessionExpired } from '../auth/session';
import { isOnline } from '../offline/network-status';
import { orderConflict, usePlaceOrder } from './place-order';
import { FormField, ReadOnlyIdentity, fieldAria } from '../../ui/form-field';

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
   * No connection (DESIGN section 9): offline, or the request got no answer (`requestSent`). The caller
   * saves the order, with its clientOrderId, to be sent when the connection is back.
   */
  onUnreachable?: (order: CreateOrderBody, requestSent: boolean) => Promise<void>;
}

export function PurchaseForm({ product, userName, userEmail, defaultAddress = '', defaultPhone = '', onOrdered, onProductChanged, onUnreachable }: PurchaseFormProps) {
  const id = useId();
  const place = usePlaceOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<{ from: number; to: number } | null>(null);
  const schema = useMemo(() => purchaseFormSchema(product.minOrderQnt, product.availableQnt), [product.minOrderQnt, product.availableQnt]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseValues>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    defaultValues: { userAddress: defaultAddress, userPhone: defaultPhone, orderQuantity: product.minOrderQnt },
  });

  const quantity = watch('orderQuantity');
  const soldOut = product.availableQnt < product.minOrderQnt;
  const inRange = isQuantityInRange(quantity, product.minOrderQnt, product.availableQnt);
  const total = displayTotal(Number.isNaN(quantity) ? undefined : quantity, product.minOrderQnt, product.price);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const order: CreateOrderBody = {
      productId: product._id,
      orderQuantity: values.orderQuantity,
      userAddress: values.userAddress,
      userPhone: values.userPhone,
      // A fresh id per attempt: a retried request is recognised, a new attempt is a new order.
      clientOrderId: crypto.randomUUID(),
      totalPrice: orderTotal(values.orderQuantity, product.price),
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
      if (error instanceof ApiError && error.status === 401) {
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
        if (conflict.code === 'price_changed') setPriceChange({ from: product.price, to: conflict.product.price });
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

      <FormField id={`${id}-address`} label="Address" error={errors.userAddress?.message}>
        <textarea
          {...fieldAria(`${id}-address`, errors.userAddress?.message)}
          rows={3}
          autoComplete="street-address"
          className={`textarea w-full ${errors.userAddress ? 'textarea-error' : ''}`}
          {...register('userAddress')}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-phone`} label="Phone" error={errors.userPhone?.message}>
          <input
            {...fieldAria(`${id}-phone`, errors.userPhone?.message)}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            className={`input w-full ${errors.userPhone ? 'input-error' : ''}`}
            {...register('userPhone')}
          />
        </FormField>
        <div>
          <label htmlFor={`${id}-quantity`} className="mb-1 block font-medium">
            Order quantity (pcs.)
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={product.minOrderQnt}
            max={product.availableQnt}
            step={1}
            className={`input w-full ${inRange ? '' : 'input-error'}`}
            aria-invalid={!inRange}
            aria-describedby={inRange ? undefined : `${id}-quantity-error`}
            {...register('orderQuantity', { valueAsNumber: true })}
          />
          {inRange ? null : (
            <p id={`${id}-quantity-error`} className="mt-1 text-sm text-error" role="alert">
              {quantityMessage}
            </p>
          )}
        </div>
      </div>

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

      <button type="submit" className="btn btn-primary w-full sm:w-auto sm:justify-self-start sm:px-10" disabled={!inRange || busy}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Order
      </button>
    </form>
  );
}
