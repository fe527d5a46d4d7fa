// Edit a saved order, whichever screen placed it: each line shows the server's reason until the dealer
// changes it, then the tool's own rule check as they type; a line can be removed from an order of several;
// the address, phone and purchase-order number can change. The order is queued again with the same clientOrderId, at today's
// prices (the server made no order for it, or Edit would be blocked).

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { MAX_QUANTITY } from '../../contract/constants';
import { PhoneSchema } from '../../contract/fields';
import { toasts } from '../../contract/messages';
import { AddressSchema } from '../../contract/fields';
import { formatCount, orderTotal, unitPriceFor } from '../../contract/pricing';
import { quantityMessages, quantityProblem } from '../../contract/quantity-rules';
import type { Product } from '../../contract/product';
import { readSavedProduct } from '../../offline/catalogue';
import { type OutboxItem, type OutboxLine, editOutboxItem, OutboxEditRefused, queuedOrderName } from '../../offline/outbox';
import { useDealerPrices, type DealerPrices } from '../../offline/prices';
import { accountMessages, PO_NUMBER_MAX_LENGTH } from '../../contract/account-terms';
import { poNumberProblem } from '../../ui/account-payment';
import { AddressField, fieldAria, FormField, PhoneField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { QuantityInput } from '../../ui/quantity-input';
import { isOnline } from '../offline/network-status';
import { priceChangeText, pricedFromList, queuedFormat, savedUnit } from './queued-money';

const ContactSchema = v.object({ userAddress: AddressSchema, userPhone: PhoneSchema });
type Contact = v.InferOutput<typeof ContactSchema>;

const GONE = 'This tool is no longer in the catalogue: remove it.';

/** Each line's tool as last known: the one the server sent with its refusal, else the saved catalogue's. */
function useKnownProducts(lines: readonly OutboxLine[]): ReadonlyMap<string, Product | null> | null {
  const [saved, setSaved] = useState<ReadonlyMap<string, Product | null> | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(
      lines.map(async (line): Promise<[string, Product | null]> => {
        if (line.serverProduct) return [line.productId, line.serverProduct];
        if (line.problem?.code === 'not_found') return [line.productId, null];
        const read = await readSavedProduct(line.productId).catch(() => undefined);
        return [line.productId, read?.data ?? null];
      }),
    ).then((entries) => {
      if (live) setSaved(new Map(entries));
    });
    return () => {
      live = false;
    };
  }, [lines]);
  return saved;
}

/**
 * What stops a line, in its own words: the rule check of the tool as last known while the dealer types,
 * else the server's reason until the line is changed. A new price is news, not a fault: saving accepts it.
 */
function rowProblem(line: OutboxLine, product: Product | null, quantity: number | null): { message: string; blocking: boolean } | null {
  if (quantity === null) return { message: quantityMessages.noQuantity, blocking: true };
  // Even for a tool not known on this device: the server takes no more than this in one line.
  if (quantity > MAX_QUANTITY) return { message: quantityMessages.aboveBound(MAX_QUANTITY, 'shop_maximum'), blocking: true };
  if (!product && line.problem?.code === 'not_found') return { message: GONE, blocking: true };
  // The same check as the pad and the server (quantity-rules.ts), against the tool as last known.
  const rule = product ? quantityProblem(product, quantity) : null;
  if (rule) return { message: rule.message, blocking: true };
  if (line.problem && quantity === line.quantity) return { message: line.problem.message, blocking: line.problem.code !== 'price_changed' };
  return null;
}

const parseQuantity = (text: string): number | null => (/^\d{1,7}$/u.test(text.trim()) && Number(text) >= 1 ? Number(text) : null);

interface EditFormProps {
  email: string;
  item: OutboxItem;
  known: ReadonlyMap<string, Product | null>;
  sendNow: () => void;
  onDone: () => void;
  /** The company's price list as the device holds it now, for a line of a listed order whose quantity changes. */
  prices: DealerPrices | null;
}

/**
 * A line's unit price now, in the order's own units. A listed order's line at its saved quantity takes the
 * price the server reported (accepting a change), or keeps its own; at another quantity, the list's price
 * for it where the device holds the same list.
 */
function unitNow(
  line: OutboxLine,
  product: Product | null,
  quantity: number | null,
  listed: boolean,
  prices: DealerPrices | null,
  currency: string | null,
): number {
  if (!listed) return product && quantity !== null ? unitPriceFor(product, quantity) : line.unitPrice;
  const reported = line.problem?.code === 'price_changed' ? line.problem.priceMinor : undefined;
  if (quantity !== null && quantity !== line.quantity && product && prices && prices.currency === currency) return prices.unit(product, quantity);
  return reported ?? savedUnit(line, true);
}

function EditForm({ email, item, known, sendNow, onDone, prices }: EditFormProps) {
  const listed = pricedFromList(item);
  const format = queuedFormat(item);
  const id = useId();
  const [quantities, setQuantities] = useState<ReadonlyMap<string, string>>(() => new Map(item.lines.map((line) => [line.productId, String(line.quantity)])));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [poNumber, setPoNumber] = useState(item.poNumber ?? '');
  const [poError, setPoError] = useState<string | null>(null);
  // The server refused it for want of a PO number: one is asked now. Otherwise the field shows on orders for a company.
  const poRefused = item.state === 'needs-attention' && item.lastError?.message === accountMessages.poRequired;
  const showPo = poRefused || Boolean(item.poNumber) || Boolean(item.payment) || Boolean(item.companyId);
  const poId = `${id}-po`;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Contact>({
    resolver: valibotResolver(ContactSchema),
    mode: 'onTouched',
    defaultValues: { userAddress: item.userAddress, userPhone: item.userPhone },
  });
  // An order of one tool reads as the purchase page's: its quantity box, its price and stock, no Remove.
  const single = item.lines.length === 1;

  const rows = item.lines
    .filter((line) => !removed.has(line.productId))
    .map((line) => {
      const product = known.get(line.productId) ?? null;
      const text = quantities.get(line.productId) ?? String(line.quantity);
      const quantity = parseQuantity(text);
      // The tool's price for the quantity typed, volume tier included, as the server will price it.
      const unitPrice = unitNow(line, product, quantity, listed, prices, item.currency ?? null);
      const { message: problem, blocking } = rowProblem(line, product, quantity) ?? { message: null, blocking: false };
      return { line, product, text, quantity, unitPrice, problem, blocking };
    });
  const total = rows.reduce((sum, row) => sum + (row.quantity === null ? 0 : orderTotal(row.quantity, row.unitPrice)), 0);

  const submit = handleSubmit(async (contact) => {
    setFailure(null);
    if (rows.length === 0) {
      setFailure('Every line is removed: discard the order instead.');
      return;
    }
    const blocked = rows.find((row) => row.blocking);
    if (blocked) {
      setFailure(single ? 'Change the quantity marked in red first.' : 'Change or remove the lines marked in red first.');
      document.getElementById(`${id}-${blocked.line.productId}`)?.focus();
      return;
    }
    const refusedPo = showPo ? poNumberProblem(poNumber, poRefused) : null;
    setPoError(refusedPo);
    if (refusedPo) {
      document.getElementById(poId)?.focus();
      return;
    }
    const lines = rows.map((row) => {
      const quantity = row.quantity ?? row.line.quantity;
      return listed
        ? { productId: row.line.productId, quantity, unitPrice: row.line.unitPrice, unitPriceMinor: row.unitPrice }
        : { productId: row.line.productId, quantity, unitPrice: row.unitPrice };
    });
    try {
      await editOutboxItem(email, item.clientOrderId, { lines, ...contact, ...(showPo ? { poNumber } : {}) });
    } catch (error) {
      setFailure(error instanceof OutboxEditRefused ? error.message : toasts.tryAgain);
      return;
    }
    if (isOnline()) sendNow();
    else toast.success(toasts.orderSavedOffline);
    onDone();
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      {item.lastError && item.state === 'needs-attention' ? (
        <div role="alert" className="alert alert-warning text-sm">
          {item.lastError.message}
        </div>
      ) : null}
      <ul aria-label="Lines of the order" className="divide-y divide-base-300 rounded-box border border-base-300 px-3">
        {rows.map((row) => {
          const boxId = `${id}-${row.line.productId}`;
          return (
            <li key={row.line.productId} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-end gap-x-3 gap-y-1 py-3" data-testid="queued-line">
              <div className="min-w-0 self-center">
                <p className="break-words font-semibold leading-snug">{row.line.productName}</p>
                <p className="text-sm tabular-nums text-base-content/80">
                  {format(row.unitPrice)} each
                  {priceChangeText(row.line, format) && row.quantity === row.line.quantity
                    ? ` (${priceChangeText(row.line, format)})`
                    : row.unitPrice !== savedUnit(row.line, listed)
                      ? ` (was ${format(savedUnit(row.line, listed))} when you ordered)`
                      : null}
                  {row.product ? ` · ${formatCount(row.product.availableQnt)} pcs. available, minimum ${formatCount(row.product.minOrderQnt)}` : null}
                  {/* With one line, its total is the order's, shown below. */}
                  {!single && row.quantity !== null ? ` · ${format(orderTotal(row.quantity, row.unitPrice))}` : null}
                </p>
              </div>
              <div>
                <label htmlFor={boxId} className="mb-1 block text-sm text-base-content/80">
                  {single ? (
                    'Order quantity (pcs.)'
                  ) : (
                    <>
                      Quantity<span className="sr-only"> of {row.line.productName}</span>
                    </>
                  )}
                </label>
                <QuantityInput
                  id={boxId}
                  invalid={row.problem !== null}
                  aria-describedby={row.problem ? `${boxId}-problem` : undefined}
                  value={row.text}
                  onChange={(event) => setQuantities(new Map(quantities).set(row.line.productId, event.target.value))}
                />
              </div>
              {single ? (
                <span />
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost btn-square size-11 text-error"
                  aria-label={`Remove ${row.line.productName}`}
                  onClick={() => setRemoved(new Set(removed).add(row.line.productId))}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              )}
              {row.problem ? (
                <p id={`${boxId}-problem`} className="col-span-3 text-sm font-medium text-error" data-testid="queued-line-problem">
                  {row.problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressField id={`${id}-address`} error={errors.userAddress?.message} field={register('userAddress')} />
        <PhoneField id={`${id}-phone`} error={errors.userPhone?.message} field={register('userPhone')} />
      </div>
      {showPo ? (
        <FormField id={poId} label="Purchase-order number" error={poError ?? undefined}>
          <input
            {...fieldAria(poId, poError ?? undefined)}
            type="text"
            autoComplete="off"
            maxLength={PO_NUMBER_MAX_LENGTH}
            aria-required={poRefused}
            className={`input w-full ${poError ? 'input-error' : ''}`}
            value={poNumber}
            onChange={(event) => {
              setPoNumber(event.target.value);
              if (poError !== null) setPoError(poNumberProblem(event.target.value, poRefused));
            }}
            onBlur={() => setPoError(poNumberProblem(poNumber, poRefused))}
          />
        </FormField>
      ) : null}
      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3" aria-live="polite">
        <span>Total</span>
        <strong className="text-xl tabular-nums">{format(total)}</strong>
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

/** The modal frame of a saved order's edit; `children` gets the function that closes it (focus goes back to Edit). */
function QueuedOrderDialog({ title, onClose, children }: { title: string; onClose: () => void; children: (close: () => void) => ReactNode }) {
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

export interface EditQueuedOrderProps {
  email: string;
  item: OutboxItem;
  /** Sends the outbox now: called after a change saved while online. */
  sendNow: () => void;
  onClose: () => void;
}

/** The edit of an order priced from the company's list, with the list as the device holds it now. */
function ListedEditForm(props: Omit<EditFormProps, 'prices'>) {
  const prices = useDealerPrices(props.email, props.item.companyId ?? null);
  return <EditForm {...props} prices={prices} />;
}

export function EditQueuedOrder({ email, item, sendNow, onClose }: EditQueuedOrderProps) {
  const known = useKnownProducts(item.lines);
  const Form = pricedFromList(item) ? ListedEditForm : EditForm;
  return (
    <QueuedOrderDialog title={`Edit the ${queuedOrderName(item.lines)} order`} onClose={onClose}>
      {(close) =>
        known ? (
          <Form email={email} item={item} known={known} sendNow={sendNow} onDone={close} prices={null} />
        ) : (
          <span className="loading loading-spinner" aria-label="Loading" />
        )
      }
    </QueuedOrderDialog>
  );
}
