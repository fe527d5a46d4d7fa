// An invoice's PDF is drawn once, at its first download, and kept in the database: an invoice does not
// change once issued, so every later download sends the kept bytes (docs/decisions/028-costly-answers-made-once.md).
// Downloads of one invoice arriving together in a process wait for the same drawing.

import { createHash } from 'node:crypto';
import type { Tx } from '../db/client';
import { findKeptInvoice, keepInvoice, type KeptInvoice } from '../repositories/invoices';
import { renderInvoicePdf, type Invoice } from './invoice-pdf';

export interface InvoiceKeeper {
  /** The PDF of an issued invoice: the kept one, or drawn now and kept. */
  pdfOf(invoice: Invoice): Promise<KeptInvoice>;
}

export function invoiceKeeper(db: Tx): InvoiceKeeper {
  const drawing = new Map<string, Promise<KeptInvoice>>();

  const draw = async (invoice: Invoice): Promise<KeptInvoice> => {
    // Asked again: a download whose first read missed the invoice may arrive here just after another
    // download kept it and left the map.
    const kept = await findKeptInvoice(db, invoice.orderId);
    if (kept) return kept;
    const pdf = await renderInvoicePdf(invoice);
    return keepInvoice(db, invoice.orderId, { pdf, sha256: createHash('sha256').update(pdf).digest('base64url') });
  };

  return {
    async pdfOf(invoice) {
      const kept = await findKeptInvoice(db, invoice.orderId);
      if (kept) return kept;
      let made = drawing.get(invoice.orderId);
      if (!made) {
        made = draw(invoice).finally(() => drawing.delete(invoice.orderId));
        drawing.set(invoice.orderId, made);
      }
      return made;
    },
  };
}
