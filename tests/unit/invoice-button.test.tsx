// @vitest-environment jsdom
// The Invoice button takes props only: it calls the screen's download and is busy until it settles.

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoiceButton } from '../../src/ui/invoice-button';

afterEach(cleanup);

describe('InvoiceButton', () => {
  it("runs the screen's download and is busy until it settles", async () => {
    let finish = () => undefined as void;
    const onDownload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<InvoiceButton order={{ _id: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11', invoiceNo: 'INV-2026-000042' }} onDownload={onDownload} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: /^Invoice\s*INV-2026-000042$/u });
    fireEvent.click(button);
    expect(onDownload).toHaveBeenCalledOnce();
    expect(button.disabled).toBe(true);
    finish();
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('is off while offline, saying why', () => {
    render(<InvoiceButton order={{ _id: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11' }} onDownload={vi.fn()} offlineTitle="You are offline." />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: /^Invoice\s*of order 5D0C6A4E$/u });
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('You are offline.');
  });
});
