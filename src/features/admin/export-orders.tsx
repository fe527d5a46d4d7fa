// Export on Manage Orders: downloads the orders the filter shows (status and search, every page) as CSV
// from GET /api/orders/export, with the admin's token (src/api/download.ts). Offline it is disabled and
// points to the notice saying why.

import { useState } from 'react';
import { toast } from '../../ui/toast';
import { apiDownload, saveFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import type { OrderStatus } from '../../contract/order-status';

export interface ExportOrdersButtonProps {
  status: OrderStatus | '';
  q: string;
  /** While offline: the id of the notice saying why the button is off. */
  offlineReason: string | undefined;
}

export function exportOrdersPath(status: OrderStatus | '', q: string): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q.trim()) query.set('q', q.trim());
  const search = query.toString();
  return `/orders/export${search ? `?${search}` : ''}`;
}

export function ExportOrdersButton({ status, q, offlineReason }: ExportOrdersButtonProps) {
  const [busy, setBusy] = useState(false);
  const filtered = status !== '' || q.trim() !== '';

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await apiDownload(exportOrdersPath(status, q)), `forgeline-orders-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline self-start lg:self-auto"
      disabled={busy || offlineReason !== undefined}
      aria-describedby={offlineReason}
      onClick={() => void download()}
    >
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      Export CSV
      <span className="sr-only">{filtered ? ' of the orders this filter shows' : ' of every order'}</span>
    </button>
  );
}
