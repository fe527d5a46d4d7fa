// The table of My Orders (spec section 2): status in colour and in words, Pay and Delete on unpaid
// orders, and the 'Delete Alert!' confirmation before an order goes.

import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, NetworkError } from '../../api/errors';
import { texts, toasts } from '../../contract/messages';
import type { Order } from '../../contract/order';
import { isDeletable, type OrderStatus } from '../../contract/order-status';
import { formatDollars } from '../../contract/pricing';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { useDeleteOrder } from './delete-order';

/** Spec section 2: green Shipped, red Unpaid, blue otherwise. Opaque tints, so the pinned column stays legible;
 * important, so they win over the card background below md. */
const ROW_COLOURS: Record<OrderStatus, string> = {
  Shipped: 'bg-[#ebf7ee]!',
  Unpaid: 'bg-[#fdeeee]!',
  Paid: 'bg-[#e8f1fb]!',
};

const BADGES: Record<OrderStatus, string> = {
  Shipped: 'badge-success',
  Unpaid: 'badge-error',
  Paid: 'badge-info',
};

export interface MyOrdersTableProps {
  orders: Order[];
  /** Online-only actions (DESIGN section 9): null when online, else why they are off. */
  offlineReason: string | null;
}

export function MyOrdersTable({ orders, offlineReason }: MyOrdersTableProps) {
  const remove = useDeleteOrder();
  const [target, setTarget] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = useCallback(() => {
    setTarget(null);
    setFailure(null);
  }, []);

  const confirmDelete = async () => {
    if (!target) return;
    setFailure(null);
    try {
      await remove.mutateAsync(target._id);
      toast.success(toasts.deleted);
      setTarget(null);
    } catch (error) {
      setFailure(error instanceof ApiError || error instanceof NetworkError ? error.message : toasts.tryAgain);
      toast.error(toasts.tryAgain);
    }
  };

  const columns: Column<Order>[] = [
    { header: 'Product', cell: (o) => o.productName, className: 'min-w-36 max-w-56 whitespace-normal' },
    { header: 'Quantity (pcs.)', cell: (o) => o.orderQuantity.toLocaleString('en-US'), className: 'text-right tabular-nums' },
    { header: 'Price', cell: (o) => formatDollars(o.totalPrice), className: 'text-right tabular-nums' },
    {
      header: 'Transaction Id',
      cell: (o) => (o.transactionId ? <span className="block break-all font-mono text-xs md:max-w-56 md:truncate" title={o.transactionId}>{o.transactionId}</span> : 'N/A'),
    },
    { header: 'Status', cell: (o) => <span className={`badge ${BADGES[o.status]} font-semibold`}>{o.status}</span> },
    {
      header: 'Action',
      action: true,
      cell: (o) =>
        isDeletable(o.status) ? (
          <div className="flex flex-wrap gap-2">
            {offlineReason ? (
              <button type="button" className="btn btn-sm btn-primary" disabled title={offlineReason}>
                Pay
              </button>
            ) : (
              <Link to="/dashboard/payment/$id" params={{ id: o._id }} className="btn btn-sm btn-primary" aria-label={`Pay for ${o.productName}`}>
                Pay
              </Link>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error bg-base-100"
              aria-label={`Delete ${o.productName}`}
              disabled={Boolean(offlineReason)}
              title={offlineReason ?? undefined}
              onClick={() => setTarget(o)}
            >
              Delete
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <>
      {/* Below md each order is a card, so a phone reads status and actions without scrolling sideways. */}
      <DataTable
        caption="My orders"
        columns={columns}
        rows={orders}
        rowKey={(o) => o._id}
        rowClassName={(o) => ROW_COLOURS[o.status]}
        empty={texts.noOrders}
        stackBelow="md"
      />
      <ConfirmModal
        open={target !== null}
        title={texts.deleteAlertTitle}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={failure}
        onConfirm={() => void confirmDelete()}
        onClose={close}
      >
        <p>
          Are you sure you want to delete <strong>{target?.productName}</strong>?
        </p>
      </ConfirmModal>
    </>
  );
}
