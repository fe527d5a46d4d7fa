// "Invoice" on a paid or shipped order, in My Orders and in Manage Orders: downloads the order's invoice
// PDF (GET /api/orders/{id}/invoice) with the signed-in user's token.

import { useState } from 'react';
import { toast } from './toast';
import { apiDownload, saveFile } from '../api/download';
import { errorMessage } from '../api/errors';

export interface InvoiceButtonProps {
  order: { _id: string; invoiceNo?: string | null | undefined };
  /** While offline: the id of the notice saying why it is off (or its text as a title). */
  offlineReason?: string | undefined;
  offlineTitle?: string | undefined;
}

export function InvoiceButton({ order, offlineReason, offlineTitle }: InvoiceButtonProps) {
  const [busy, setBusy] = useState(false);
  const offline = offlineReason !== undefined || offlineTitle !== undefined;

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await apiDownload(`/orders/${encodeURIComponent(order._id)}/invoice`), `forgeline-invoice-${order.invoiceNo ?? order._id}.pdf`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-sm btn-outline bg-base-100"
      disabled={busy || offline}
      aria-describedby={offlineReason}
      title={offlineTitle}
      onClick={() => void download()}
    >
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      Invoice
      {/* The number tells screen readers which row's invoice this is; an order saved before numbers were sent shows its id. */}
      <span className="sr-only"> {order.invoiceNo ?? `of order ${order._id.slice(0, 8).toUpperCase()}`}</span>
    </button>
  );
}
