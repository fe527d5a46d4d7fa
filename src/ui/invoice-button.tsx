// "Invoice" on a paid or shipped order, in My Orders and in Manage Orders: the button and its busy state;
// the download itself is the screen's (`onDownload`).

import { useState } from 'react';

/** What the button shows of an order. */
export interface InvoiceOrder {
  _id: string;
  invoiceNo?: string | null | undefined;
}

export interface InvoiceButtonProps {
  order: InvoiceOrder;
  /** Fetches and saves the invoice; the button is busy until it settles. */
  onDownload: () => Promise<void>;
  /** While offline: the id of the notice saying why it is off (or its text as a title). */
  offlineReason?: string | undefined;
  offlineTitle?: string | undefined;
}

export function InvoiceButton({ order, onDownload, offlineReason, offlineTitle }: InvoiceButtonProps) {
  const [busy, setBusy] = useState(false);
  const offline = offlineReason !== undefined || offlineTitle !== undefined;

  const download = async () => {
    setBusy(true);
    try {
      await onDownload();
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
