// An invoice's PDF is drawn once, at its first download, and kept in the database: an invoice does not
// change once it is final, so every later download sends the kept bytes (docs/decisions/028-costly-answers-made-once.md).
// An invoice on account is final once it is paid: until then its PDF is drawn for each download and not kept,
// so the copy kept is always the one that says Paid, however a download and the payment interleave.
// Downloads of one invoice arriving together in a process wait for the same drawing.

import { createHash } from 'node:crypto';
import type { Tx } from '../db/client';
import { findKeptInvoice, keepInvoice, type KeptInvoice } from '../repositories/invoices';
import { isFinalInvoice, renderInvoicePdf, type Invoice } from './invoice-pdf';

export interface InvoiceKeeper {
  /** The PDF of an issued invoice: the kept one, or drawn now (and kept when the invoice is final). */
  pdfOf(invoice: Invoice): Promise<KeptInvoice>;
}

export function invoiceKeeper(db: Tx): InvoiceKeeper {
  const drawing = new Map<string, Promise<KeptInvoice>>();

  const draw = async (invoice: Invoice, final: boolean): Promise<KeptInvoice> => {
    if (final) {
      // Asked again: a download whose first read missed the invoice may arrive here just after another
      // download kept it and left the map.
      const kept = await findKeptInvoice(db, invoice.orderId);
      if (kept) return kept;
    }
    const pdf = await renderInvoicePdf(invoice);
    const drawn = { pdf, sha256: createHash('sha256').update(pdf).digest('base64url') };
    return final ? keepInvoice(db, invoice.orderId, drawn) : drawn;
  };

  return {
    async pdfOf(invoice) {
      const final = isFinalInvoice(invoice);
      if (final) {
        const kept = await findKeptInvoice(db, invoice.orderId);
        if (kept) return kept;
      }
      // An open invoice and its paid self are different documents: they never share a drawing.
      const key = `${invoice.orderId}:${final ? 'final' : 'open'}`;
      let made = drawing.get(key);
      if (!made) {
        made = draw(invoice, final).finally(() => drawing.delete(key));
        drawing.set(key, made);
      }
      return made;
    },
  };
}
