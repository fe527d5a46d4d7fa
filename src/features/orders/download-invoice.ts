// GET /api/orders/{id}/invoice: the invoice PDF of a paid or shipped order, for its owner (My Orders) and
// for admins (Manage Orders, composed in its route), fetched with the signed-in user's token and handed to
// the browser's own download. A failure is told in a toast.

import { apiDownload, saveFile } from '../../api/download';
import { errorMessage } from '../../api/errors';
import { toast } from '../../ui/toast';
import type { InvoiceOrder } from '../../ui/invoice-button';

export async function downloadInvoice(order: InvoiceOrder): Promise<void> {
  try {
    saveFile(await apiDownload(`/orders/${encodeURIComponent(order._id)}/invoice`), `forgeline-invoice-${order.invoiceNo ?? order._id}.pdf`);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}
