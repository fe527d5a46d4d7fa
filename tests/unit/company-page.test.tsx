// @vitest-environment jsdom
// My Company: its company admin gets the forms and the location actions; a buyer sees the same details
// read-only, with no action at all; an account without a company is told so.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { companyMessages, type MyCompany } from '../../src/contract/dealer-company';
import DashboardCompanyPage from '../../src/routes/my-company';

const answer = vi.hoisted(() => ({ current: { data: undefined as MyCompany | undefined, isError: false, error: null as unknown } }));

vi.mock('../../src/features/company/get-company', () => ({ useMyCompany: () => ({ ...answer.current, refetch: () => undefined }) }));
vi.mock('../../src/features/offline/network-status', () => ({ useOnline: () => true }));

const company: MyCompany = {
  company: { id: '00000000-0000-4000-a000-000000000001', name: 'Casey Tools Ltd', country: 'GB', taxNumber: 'GB 123', status: 'approved' },
  role: 'company_admin',
  locations: [
    {
      id: '00000000-0000-4000-b000-000000000001',
      name: 'Bradford depot',
      address: '3 Mill Lane',
      phone: '+44 1274 496 000',
      contactName: 'Sam',
      isDefault: true,
    },
    {
      id: '00000000-0000-4000-b000-000000000002',
      name: 'Leeds branch',
      address: '12 Harbour Road',
      phone: '+44 113 496 0000',
      contactName: 'Casey',
      isDefault: false,
    },
  ],
};

function renderPage(data: MyCompany | undefined, error: unknown = null) {
  answer.current = { data, isError: error !== null, error };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DashboardCompanyPage />
    </QueryClientProvider>,
  );
}

/** Disabled itself or by a disabled fieldset around it. */
const isDisabled = (element: Element) => element.matches(':disabled');

afterEach(cleanup);

describe('My Company', () => {
  it('gives the company admin the details to change and every location action', () => {
    renderPage(company);
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('Casey Tools Ltd');
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe('GB');
    expect(isDisabled(screen.getByLabelText('Company name'))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Save company' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Add a location' }))).toBe(false);
    const leeds = screen.getByRole('listitem', { name: 'Leeds branch' });
    for (const action of ['Edit Leeds branch', 'Make Leeds branch the default', 'Delete Leeds branch']) {
      expect(isDisabled(within(leeds).getByRole('button', { name: action }))).toBe(false);
    }
    const bradford = screen.getByRole('listitem', { name: 'Bradford depot' });
    expect(within(bradford).getByText('Default')).toBeTruthy();
    expect(within(bradford).queryByRole('button', { name: /default/u })).toBeNull();
  });

  it('shows a buyer the same company read-only, without any action', () => {
    renderPage({ ...company, role: 'buyer' });
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('Casey Tools Ltd');
    expect(isDisabled(screen.getByLabelText('Company name'))).toBe(true);
    expect(isDisabled(screen.getByLabelText('Country'))).toBe(true);
    expect(isDisabled(screen.getByLabelText(/^Tax or VAT number/u))).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(companyMessages.onlyCompanyAdmin)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Bradford depot', 'Leeds branch']);
  });

  it('tells an account without a company so', () => {
    renderPage(undefined, new ApiError(404, 'not_found', companyMessages.noCompany));
    expect(screen.getByRole('alert').textContent).toBe(companyMessages.noCompany);
  });
});
