// @vitest-environment jsdom
// The dealer's invoices: the open balance and the overdue amount, the invoices by state with a checkbox on
// the ones this dealer may pay, and "Pay selected" paying the chosen ones with one card payment for the
// amount the server added up.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { InvoicesPortal as Portal, PortalInvoice } from '../../src/contract/invoices-portal';
import { InvoicesPortal, type InvoiceCardFormProps } from '../../src/features/invoices/invoices-portal';
import { fixtureId } from '../helpers/order-fixtures';

const answer = vi.hoisted(() => ({ current: undefined as Portal | undefined, pageSize: 50, asked: [] as [string, number][] }));
const api = vi.hoisted(() => ({ start: vi.fn(), confirm: vi.fn() }));

/** As the server answers: one state's page, with how many there are in each state. */
function pageOf(all: Portal, state: string, page: number): Portal {
  const inState = all.items.filter((item) => item.state === state);
  const count = (wanted: string) => all.items.filter((item) => item.state === wanted).length;
  return {
    ...all,
    items: inState.slice((page - 1) * answer.pageSize, page * answer.pageSize),
    counts: { open: count('open'), overdue: count('overdue'), paid: count('paid') },
    page,
    pageSize: answer.pageSize,
    total: inState.length,
  };
}

vi.mock('../../src/features/invoices/get-invoices', () => ({
  useInvoices: (_email: string, state: string, page: number) => {
    answer.asked.push([state, page]);
    const data = answer.current && pageOf(answer.current, state, page);
    return { data, isPending: data === undefined, isPlaceholderData: false, isError: false, isFetching: false, refetch: () => undefined };
  },
}));
vi.mock('../../src/features/invoices/pay-invoices', () => ({
  useStartInvoicesPayment: () => ({ mutateAsync: api.start }),
  useConfirmInvoicesPayment: () => ({ mutateAsync: api.confirm }),
}));
vi.mock('../../src/features/offline/network-status', () => ({ useOnline: () => true }));

const invoice = (n: number, fields: Partial<PortalInvoice>): PortalInvoice => ({
  orderId: fixtureId(n),
  number: `O-2026-0000${n}`,
  invoiceNo: `2026-0000${n}`,
  poNumber: null,
  paymentTerms: 'net30',
  amount: 10_000,
  currency: 'USD',
  issuedAt: '2026-11-01T10:00:00.000Z',
  dueAt: '2026-12-01T10:00:00.000Z',
  paidAt: null,
  state: 'open',
  companyName: 'Dana Tools Ltd',
  placedBy: 'Dana Dealer',
  mayPay: true,
  ...fields,
});

const portal: Portal = {
  items: [
    invoice(1, { amount: 18_000, poNumber: 'PO-7' }),
    invoice(2, { amount: 27_000 }),
    invoice(3, { amount: 9_000, placedBy: 'Bo Buyer', mayPay: false }),
    invoice(4, { amount: 45_000, state: 'overdue', dueAt: '2026-10-01T10:00:00.000Z' }),
    invoice(5, { amount: 5_000, state: 'paid', paymentTerms: 'card', dueAt: null, paidAt: '2026-10-02T10:00:00.000Z', mayPay: false }),
  ],
  currency: 'USD',
  openBalance: 99_000,
  overdue: 45_000,
};

/** A card form that confirms at once: the sandbox's answer for 4242 4242 4242 4242. */
function FakeCardForm({ clientSecret, onPay }: InvoiceCardFormProps) {
  return (
    <button
      type="button"
      disabled={!clientSecret}
      onClick={() => clientSecret && onPay(clientSecret, async () => ({ paymentIntent: { id: 'pi_sbx_paid', status: 'succeeded' } }))}
    >
      Pay by card
    </button>
  );
}

function renderPortal() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvoicesPortal
        email="dana@example.com"
        billing={{ name: 'Dana Dealer', email: 'dana@example.com' }}
        cardForm={(props) => <FakeCardForm {...props} />}
        onDownload={async () => undefined}
      />
    </QueryClientProvider>,
  );
}

/** The table and the cards are both drawn (CSS shows one): the first of each is the table's. */
const checkbox = (name: string) => screen.getAllByRole('checkbox', { name })[0] as HTMLInputElement;

beforeEach(() => {
  answer.current = portal;
  answer.pageSize = 50;
  answer.asked = [];
  api.start.mockReset();
  api.confirm.mockReset();
});
afterEach(cleanup);

describe('the invoices portal', () => {
  it('shows the open balance and the overdue amount, and the open invoices with a checkbox on those the dealer may pay', () => {
    renderPortal();
    expect(screen.getByTestId('open-balance').textContent).toBe('$990.00');
    expect(screen.getByTestId('overdue-amount').textContent).toBe('$450.00');
    expect(screen.getByRole('button', { name: 'Open (3)', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Overdue (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paid (1)' })).toBeTruthy();
    expect(checkbox('Pay invoice 2026-00001')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox', { name: 'Pay invoice 2026-00003' })).toHaveLength(0);
    expect(screen.getAllByText('Placed by Bo Buyer: they or your company’s admin pay it').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('2026-00004')).toHaveLength(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay selected ($0.00)' }).disabled).toBe(true);
  });

  it('lists the overdue and the paid invoices under their tabs; paid ones have no checkbox and no Pay button', () => {
    renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    expect(checkbox('Pay invoice 2026-00004')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Paid (1)' }));
    expect(screen.getAllByText('2026-00005').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Pay selected/u })).toBeNull();
  });

  it('pays the chosen invoices with one card payment for the amount the server added up', async () => {
    api.start.mockResolvedValue({
      paymentId: fixtureId(77),
      orderIds: [fixtureId(1), fixtureId(4)],
      amount: 63_000,
      currency: 'USD',
      clientSecret: 'pi_sbx_x_secret_y',
    });
    api.confirm.mockResolvedValue({
      paymentId: fixtureId(77),
      orderIds: [fixtureId(1), fixtureId(4)],
      amount: 63_000,
      currency: 'USD',
      state: 'paid',
      transactionId: 'pi_sbx_paid',
      modifiedCount: 2,
    });
    renderPortal();
    fireEvent.click(checkbox('Pay invoice 2026-00001'));
    fireEvent.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    fireEvent.click(checkbox('Pay invoice 2026-00004'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay selected ($630.00)' }));
    expect(api.start).toHaveBeenCalledWith([fixtureId(1), fixtureId(4)]);
    await screen.findByText('$630.00', { selector: 'strong' });
    expect(checkbox('Pay invoice 2026-00004').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    await screen.findByText('You paid $630.00 for 2 invoices.');
    expect(api.confirm).toHaveBeenCalledWith({ paymentId: fixtureId(77), transactionId: 'pi_sbx_paid' });
    expect(screen.getByTestId('transaction-id').textContent).toBe('pi_sbx_paid');
  });

  it('shows one page of a state at a time with the counts of every state, and keeps invoices chosen on other pages and tabs', () => {
    answer.pageSize = 2;
    renderPortal();
    expect(screen.getByRole('button', { name: 'Open (3)', pressed: true })).toBeTruthy();
    expect(screen.getAllByText('Page 1 of 2').length).toBeGreaterThan(0);
    fireEvent.click(checkbox('Pay invoice 2026-00001'));
    fireEvent.click(screen.getAllByRole('button', { name: /Next/u })[0] as HTMLElement);
    expect(answer.asked.at(-1)).toEqual(['open', 2]);
    expect(screen.queryAllByRole('checkbox', { name: 'Pay invoice 2026-00001' })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Overdue (1)' }));
    expect(answer.asked.at(-1)).toEqual(['overdue', 1]);
    fireEvent.click(checkbox('Pay invoice 2026-00004'));
    expect(screen.getByRole('button', { name: 'Pay selected ($630.00)' })).toBeTruthy();
  });

  it('says why the payment could not start, and lets the dealer change the selection', async () => {
    api.start.mockRejectedValue(new ApiError(409, 'invalid_state', 'Invoice 2026-00001 is paid already. Reload the page and choose again.'));
    renderPortal();
    fireEvent.click(checkbox('Pay invoice 2026-00001'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay selected ($180.00)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invoice 2026-00001 is paid already. Reload the page and choose again.');
    fireEvent.click(screen.getByRole('button', { name: 'Change the selection' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(checkbox('Pay invoice 2026-00001').disabled).toBe(false);
  });

  it('shows an invoice with tax as its net, the tax line and the gross it asks for; one without tax as its one amount', () => {
    answer.current = {
      ...portal,
      items: [
        invoice(6, { amount: 59_500, taxMinor: 9_500, taxRateMicros: 190_000, taxName: 'VAT', reverseCharge: false }),
        invoice(7, { amount: 48_000, taxMinor: 0, taxRateMicros: 0, taxName: null, reverseCharge: true }),
        invoice(8, { amount: 12_000, taxMinor: 0, taxRateMicros: 0, taxName: null, reverseCharge: false }),
      ],
    };
    renderPortal();
    const totals = screen.getAllByTestId('order-totals').map((list) => list.textContent);
    // Each in the table and on its card.
    expect(totals).toHaveLength(4);
    expect(totals[0]).toBe('Net$500.00VAT 19%$95.00Total$595.00');
    expect(totals[1]).toBe('Net$480.00Reverse charge: tax to be accounted for by the recipient$0.00Total$480.00');
    expect(screen.getAllByText('$120.00').length).toBeGreaterThan(0);
  });
});
