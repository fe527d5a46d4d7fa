// "Order again" on My Orders: puts a past order's lines on the dealer's order pad at today's prices and
// rules (order-again.ts decides each line). Nothing changed: a toast says so. Something did (a price, a
// quantity moved by today's rules, a tool gone or sold out): a small dialog lists what and why.

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage } from '../../api/errors';
import type { Order } from '../../contract/order';
import { formatPrice } from '../../contract/money';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { dealerPricesQueryOptions } from '../../offline/prices';
import { addToPad } from '../../offline/store';
import { orderTitle } from '../../ui/order-lines';
import { lineChanged, planOrderAgain, priceChanged, quantityChanged, quantityReason, type ReorderLine } from './order-again';
import { useModalDialog } from '../../ui/use-modal-dialog';

export interface OrderAgainOptions {
  email: string;
  /** Today's catalogue, fetched afresh (offline: the one saved on the device). */
  loadCatalogue: () => Promise<Product[]>;
  /** Opens the order pad. */
  openPad: () => void;
}

export interface OrderAgainResult {
  order: Order;
  lines: ReorderLine[];
}

const pcs = (n: number) => `${formatCount(n)} pcs.`;

export function useOrderAgain({ email, loadCatalogue, openPad }: OrderAgainOptions) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [result, setResult] = useState<OrderAgainResult | null>(null);
  // The price list is read when the dealer presses Order again, not with My Orders: the list and the
  // device's store it is kept in load only for that.
  const client = useQueryClient();

  const start = async (order: Order) => {
    setPendingId(order._id);
    try {
      // Without a list it could read, today's prices are compared at the list price, as the cards show them then.
      const prices = client.fetchQuery(dealerPricesQueryOptions(email)).catch(() => null);
      const [catalogue, list] = await Promise.all([loadCatalogue(), prices]);
      const lines = planOrderAgain(order, catalogue, list?.list ?? null);
      for (const line of lines) {
        if (line.now && line.productId) await addToPad(email, line.productId, line.now.quantity);
      }
      if (lines.some(lineChanged)) {
        setResult({ order, lines });
      } else {
        const what =
          lines.length === 1 && lines[0]?.now ? `${lines[0].productName}: ${pcs(lines[0].now.quantity)}` : `All ${lines.length} lines of ${orderTitle(order)}`;
        toast.success(`${what} on your order pad, at the same ${lines.length === 1 ? 'price' : 'prices'}.`, {
          action: { label: 'Open order pad', onClick: openPad },
        });
      }
    } catch (error) {
      toast.error(`The order could not be put on your order pad. ${errorMessage(error)}`);
    } finally {
      setPendingId(null);
    }
  };

  const close = useCallback(() => setResult(null), []);
  return { start, pendingId, result, close };
}

function ChangedLine({ line }: { line: ReorderLine }) {
  return (
    <li className="grid gap-0.5">
      <span className="font-semibold">{line.productName}</span>
      {line.unavailable ? (
        <span className="text-error">Not added: {line.unavailable}</span>
      ) : (
        <>
          {quantityChanged(line) && line.now ? (
            <span>
              Quantity {pcs(line.before.quantity)} → <strong>{pcs(line.now.quantity)}</strong>: {line.quantityChanges.map(quantityReason).join(', ')}
            </span>
          ) : null}
          {priceChanged(line) && line.now ? (
            <span>
              Unit price {formatPrice(line.before.unitPrice, line.before.currency)} → <strong>{formatPrice(line.now.unitPrice, line.now.currency)}</strong>
            </span>
          ) : null}
        </>
      )}
    </li>
  );
}

export interface OrderAgainDialogProps {
  result: OrderAgainResult;
  onClose: () => void;
  openPad: () => void;
}

/** What changed since the order was placed; shown while mounted, focus goes back to Order again. */
export function OrderAgainDialog({ result, onClose, openPad }: OrderAgainDialogProps) {
  const ref = useModalDialog(onClose);
  const titleId = useId();

  const { lines } = result;
  const added = lines.filter((line) => line.now !== null).length;
  const changed = lines.filter(lineChanged);
  const unchanged = lines.length - changed.length;
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          Order again: {orderTitle(result.order)}
        </h2>
        <p className="py-3">
          {added === 0
            ? 'None of its lines could be put on your order pad.'
            : `${added === lines.length ? (lines.length === 1 ? 'It is' : `All ${lines.length} lines are`) : `${added} of ${lines.length} lines are`} on your order pad at today's prices. Please check what changed:`}
        </p>
        <ul className="grid gap-3 text-sm" aria-label="What changed">
          {changed.map((line, i) => (
            <ChangedLine key={`${line.productId ?? 'gone'}-${i}`} line={line} />
          ))}
        </ul>
        {unchanged > 0 ? (
          <p className="pt-3 text-sm text-base-content/80">
            {unchanged === 1 ? 'One other line is' : `${unchanged} other lines are`} as you ordered {unchanged === 1 ? 'it' : 'them'}.
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            Close
          </button>
          {added > 0 ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                ref.current?.close();
                openPad();
              }}
            >
              Open order pad
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
