// "Save as list" on a past order (My Orders): the order's tools and quantities saved as one of the company's
// lists (docs/decisions/054-saved-lists.md), the company the order was placed for when a sales rep saves it.
// Tools deleted since the order are left out and named.

import { useCallback, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import type { Order } from '../../contract/order';
import type { Product } from '../../contract/product';
import { texts } from '../../contract/messages';
import { orderTitle } from '../../ui/order-lines';
import { useOnline } from '../offline/network-status';
import { toast } from '../../ui/toast';
import { SaveListDialog } from './save-list-dialog';
import { useSavedLists } from './get-saved-lists';
import { useSaveList } from './save-list';

/** An order's lines as a list's: each tool once, in the order's order; a line whose tool was deleted has no id and is left out. */
export function orderListLines(order: Order): { productId: string; quantity: number; name: string }[] {
  const lines = order.lines ?? [{ productId: order.productId, productName: order.productName, quantity: order.orderQuantity }];
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    if (!line.productId || seen.has(line.productId)) return [];
    seen.add(line.productId);
    return [{ productId: line.productId, quantity: line.quantity, name: line.productName }];
  });
}

export interface SaveOrderAsListProps {
  email: string;
  order: Order;
  /** A sales rep saves to the company the order was for; a dealer to its own (null). */
  rep: boolean;
  products: readonly Product[];
  onClose: () => void;
}

export function SaveOrderAsList({ email, order, rep, products, onClose }: SaveOrderAsListProps) {
  const companyId = rep ? (order.companyId ?? null) : null;
  const online = useOnline();
  const lists = useSavedLists(email, companyId);
  const save = useSaveList(email, companyId);
  // The dialog opens with the company's lists, to offer replacing one; without them (offline, never read) it opens with none.
  if (lists.isPending) return null;
  return (
    <SaveListDialog
      lines={orderListLines(order)}
      products={products}
      lists={lists.data?.lists ?? []}
      from={order.number ? `order ${order.number}` : orderTitle(order)}
      offlineReason={online ? null : texts.needsNetwork}
      save={(list) => save.mutateAsync(list)}
      onClose={onClose}
    />
  );
}

/**
 * My Orders' Save as list: reads today's catalogue (`loadCatalogue`, the route's) (a tool deleted since the order is left out and named), then
 * opens the dialog. Returns the action for each order and the dialog to draw.
 */
export function useSaveOrderAsList(
  email: string | null,
  rep: boolean,
  loadCatalogue: () => Promise<Product[]>,
): { saveAsList: (order: Order) => void; dialog: ReactNode } {
  const [listOf, setListOf] = useState<{ order: Order; products: Product[] } | null>(null);
  const close = useCallback(() => setListOf(null), []);
  const saveAsList = useCallback(
    (order: Order) => {
      loadCatalogue().then(
        (products) => setListOf({ order, products }),
        (error: unknown) => toast.error(`The order could not be saved as a list. ${errorMessage(error)}`),
      );
    },
    [loadCatalogue],
  );
  const dialog = listOf && email ? <SaveOrderAsList email={email} order={listOf.order} rep={rep} products={listOf.products} onClose={close} /> : null;
  return { saveAsList, dialog };
}
