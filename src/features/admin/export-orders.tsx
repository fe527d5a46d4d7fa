// Export on Manage Orders: downloads the orders the search shows (every page of them) as CSV
// from GET /api/orders/export, with the admin's token (src/api/download.ts). Offline it is disabled and
// points to the notice saying why.

import { useState } from 'react';
import { toast } from '../../ui/toast';
import { apiDownload, saveFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import type { AdminOrdersSearch } from './get-all-orders';

export interface ExportOrdersButtonProps {
  /** The search the list shows: the export has the same orders, every page of them. */
  search: AdminOrdersSearch;
  /** While offline: the id of the notice saying why the button is off. */
  offlineReason: string | undefined;
}

export function exportOrdersPath(search: AdminOrdersSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (typeof value === 'string' && value.trim() !== '') query.set(key, value.trim());
  const text = query.toString();
  return `/orders/export${text ? `?${text}` : ''}`;
}

export function ExportOrdersButton({ search, offlineReason }: ExportOrdersButtonProps) {
  const [busy, setBusy] = useState(false);
  const filtered = Object.values(search).some((value) => typeof value === 'string' && value.trim() !== '');

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await apiDownload(exportOrdersPath(search)), `forgeline-orders-${new Date().toISOString().slice(0, 10)}.csv`);
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
