// Edit a saved order: change the quantity, address or phone, accept the current price, and queue it
// again with the same clientOrderId (the server made no order for it, or Edit would be blocked).

import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from '../../ui/toast';
import { MAX_QUANTITY } from '../../contract/constants';
import { toasts } from '../../contract/messages';
import { formatCount, formatDollars, orderTotal, unitPriceFor } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { readSavedProduct } from '../../db/catalogue-store';
import type { OutboxItem } from '../../db/database';
import { editOutboxItem, OutboxEditRefused } from '../../db/outbox';
import { isOnline } from '../offline/network-status';
import { OrderFields, useOrderForm } from './order-fields';
import { useModalDialog } from '../../ui/use-modal-dialog';

export interface EditQueuedOrderProps {
  email: string;
  item: OutboxItem;
  /** Sends the outbox now: called after a change saved while online. */
  sendNow: () => void;
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

interface EditFormProps {
  email: string;
  item: OutboxItem;
  product: Product | null;
  sendNow: () => void;
  onDone: () => void;
}

function EditForm({ email, item, product, sendNow, onDone }: EditFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const min = product?.minOrderQnt ?? 1;
  const max = product ? Math.max(product.availableQnt, 0) : MAX_QUANTITY;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useOrderForm(min, max, { orderQuantity: item.orderQuantity, userAddress: item.userAddress, userPhone: item.userPhone }, product ?? {});
  const quantity = watch('orderQuantity');
  const counted = Number.isFinite(quantity) ? quantity : min;
  // The tool's price for the quantity typed, volume tier included, as the server will price it.
  const price = product ? unitPriceFor(product, counted) : item.unitPrice;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    await saveQueuedEdit(
      () => editOutboxItem(email, item.clientOrderId, { ...values, unitPrice: product ? unitPriceFor(product, values.orderQuantity) : item.unitPrice }),
      {
        setFailure,
        sendNow,
        onDone,
      },
    );
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <WhyRefused item={item} />
      <p className="text-sm">
        Price per unit: <strong>{formatDollars(price)}</strong>
        {price !== item.unitPrice ? ` (was ${formatDollars(item.unitPrice)} when you ordered)` : null}
        {product ? ` · ${formatCount(product.availableQnt)} pcs. available, minimum ${formatCount(product.minOrderQnt)}` : null}
      </p>
      <OrderFields idPrefix={id} register={register} errors={errors} quantity={{ min, max, error: errors.orderQuantity?.message }} />
      <EditedOrderFooter total={orderTotal(counted, price)} failure={failure} submitting={isSubmitting} onDone={onDone} />
    </form>
  );
}

/** The foot of both edit forms of a saved order: its total, why the save failed, and the two buttons. */
export function EditedOrderFooter({ total, failure, submitting, onDone }: { total: number; failure: string | null; submitting: boolean; onDone: () => void }) {
  return (
    <>
      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3" aria-live="polite">
        <span>Total</span>
        <strong className="text-xl tabular-nums">{formatDollars(total)}</strong>
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
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          Save and send
        </button>
      </div>
    </>
  );
}

/**
 * Saves the edit of a saved order (one-tool or bulk), then sends the outbox at once when online or says
 * the order waits for a connection; a refusal (the order was sent meanwhile) stays in the dialog.
 */
export async function saveQueuedEdit(
  save: () => Promise<unknown>,
  { setFailure, sendNow, onDone }: { setFailure: (message: string) => void; sendNow: () => void; onDone: () => void },
): Promise<void> {
  try {
    await save();
  } catch (error) {
    setFailure(error instanceof OutboxEditRefused ? error.message : toasts.tryAgain);
    return;
  }
  if (isOnline()) sendNow();
  else toast.success(toasts.orderSavedOffline);
  onDone();
}

/** Why the server refused the order, over the edit of one that needs attention. */
export function WhyRefused({ item }: { item: OutboxItem }) {
  if (!item.lastError || item.state !== 'needs-attention') return null;
  return (
    <div role="alert" className="alert alert-warning text-sm">
      {item.lastError.message}
    </div>
  );
}

export interface QueuedOrderDialogProps {
  title: string;
  onClose: () => void;
  /** The dialog's content; `close` closes it (focus goes back to the button that opened it). */
  children: (close: () => void) => ReactNode;
}

/** The modal frame of a saved order's edit, one-tool or bulk. */
export function QueuedOrderDialog({ title, onClose, children }: QueuedOrderDialogProps) {
  const ref = useModalDialog(onClose);
  const titleId = useId();

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {children(() => ref.current?.close())}
      </div>
    </dialog>
  );
}

export function EditQueuedOrder({ email, item, sendNow, onClose }: EditQueuedOrderProps) {
  const { product, ready } = useKnownProduct(item);
  return (
    <QueuedOrderDialog title={`Edit the ${item.productName} order`} onClose={onClose}>
      {(close) =>
        ready ? (
          <EditForm email={email} item={item} product={product} sendNow={sendNow} onDone={close} />
        ) : (
          <span className="loading loading-spinner" aria-label="Loading" />
        )
      }
    </QueuedOrderDialog>
  );
}
