// Edit a saved order: change the quantity, address or phone, accept the current price, and queue it
// again with the same clientOrderId (the server made no order for it, or Edit would be blocked).

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MAX_QUANTITY } from '../../contract/constants';
import { toasts } from '../../contract/messages';
import { purchaseFormSchema, type PurchaseForm } from '../../contract/order';
import { formatDollars, orderTotal } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { readSavedProduct } from '../../db/catalogue-store';
import type { OutboxItem } from '../../db/database';
import { editOutboxItem, OutboxEditRefused } from '../../db/outbox';
import { isOnline } from './network-status';
import { flushOutboxNow } from './outbox-runner';

export interface EditQueuedOrderProps {
  email: string;
  item: OutboxItem;
  onClose: () => void;
}

/** The product as last known: the one the server sent with its refusal, else the saved catalogue's. */
function useKnownProduct(item: OutboxItem): { product: Product | null; ready: boolean } {
  const [saved, setSaved] = useState<{ id: string; product: Product | null } | null>(null);
  useEffect(() => {
    if (item.serverProduct) return;
    let live = true;
    void readSavedProduct(item.productId)
      .catch(() => undefined)
      .then((read) => {
        if (live) setSaved({ id: item.productId, product: read?.data ?? null });
      });
    return () => {
      live = false;
    };
  }, [item.productId, item.serverProduct]);
  if (item.serverProduct) return { product: item.serverProduct, ready: true };
  return saved?.id === item.productId ? { product: saved.product, ready: true } : { product: null, ready: false };
}

function EditForm({ email, item, product, onDone }: { email: string; item: OutboxItem; product: Product | null; onDone: () => void }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const price = product?.price ?? item.unitPrice;
  const min = product?.minOrderQnt ?? 1;
  const max = product ? Math.max(product.availableQnt, 0) : MAX_QUANTITY;
  const schema = useMemo(() => purchaseFormSchema(min, max), [min, max]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseForm>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    defaultValues: { orderQuantity: item.orderQuantity, userAddress: item.userAddress, userPhone: item.userPhone },
  });
  const quantity = watch('orderQuantity');

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await editOutboxItem(email, item.clientOrderId, { ...values, unitPrice: price });
    } catch (error) {
      setFailure(error instanceof OutboxEditRefused ? error.message : toasts.tryAgain);
      return;
    }
    if (isOnline()) void flushOutboxNow(true);
    else toast.success(toasts.orderSavedOffline);
    onDone();
  });

  const error = (field: keyof PurchaseForm) =>
    errors[field]?.message ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-error">
        {errors[field]?.message}
      </p>
    ) : null;
  const described = (field: keyof PurchaseForm) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      {item.lastError && item.state === 'needs-attention' ? (
        <div role="alert" className="alert alert-warning text-sm">
          {item.lastError.message}
        </div>
      ) : null}
      <p className="text-sm">
        Price per unit: <strong>{formatDollars(price)}</strong>
        {price !== item.unitPrice ? ` (was ${formatDollars(item.unitPrice)} when you ordered)` : null}
        {product ? ` · ${product.availableQnt.toLocaleString('en-US')} pcs. available, minimum ${product.minOrderQnt.toLocaleString('en-US')}` : null}
      </p>
      <div>
        <label htmlFor={`${id}-quantity`} className="mb-1 block font-medium">
          Order quantity (pcs.)
        </label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className={`input w-full ${errors.orderQuantity ? 'input-error' : ''}`}
          aria-invalid={Boolean(errors.orderQuantity)}
          aria-describedby={described('orderQuantity')}
          {...register('orderQuantity', { valueAsNumber: true })}
        />
        {error('orderQuantity')}
      </div>
      <div>
        <label htmlFor={`${id}-address`} className="mb-1 block font-medium">
          Address
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          className={`textarea w-full ${errors.userAddress ? 'textarea-error' : ''}`}
          aria-invalid={Boolean(errors.userAddress)}
          aria-describedby={described('userAddress')}
          {...register('userAddress')}
        />
        {error('userAddress')}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="mb-1 block font-medium">
          Phone
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          className={`input w-full ${errors.userPhone ? 'input-error' : ''}`}
          aria-invalid={Boolean(errors.userPhone)}
          aria-describedby={described('userPhone')}
          {...register('userPhone')}
        />
        {error('userPhone')}
      </div>
      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3" aria-live="polite">
        <span>Total</span>
        <strong className="text-xl">{formatDollars(orderTotal(Number.isFinite(quantity) ? quantity : min, price))}</strong>
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Close
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save and send
        </button>
      </div>
    </form>
  );
}

export function EditQueuedOrder({ email, item, onClose }: EditQueuedOrderProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { product, ready } = useKnownProduct(item);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    const closed = () => {
      if (opener instanceof HTMLElement) opener.focus();
      onClose();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          Edit the {item.productName} order
        </h2>
        {ready ? <EditForm email={email} item={item} product={product} onDone={() => ref.current?.close()} /> : <span className="loading loading-spinner" aria-label="Loading" />}
      </div>
    </dialog>
  );
}
