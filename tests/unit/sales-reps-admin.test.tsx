// @vitest-environment jsdom
// Sales reps on the admins' pages. Make Admin: a rep's row says "Sales rep" and offers Make customer, a
// customer's offers Make sales rep, each confirmed in a dialog that says what happens, the server's refusal
// shown in it. A company's detail: its reps with Remove, and Assign offering only the reps not assigned yet,
// or where a rep is made when there is none. The server is stubbed at the API client.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { AdminCompanyDetail, AuditPage } from '../../src/contract/company-admin';
import { repMessages, type AdminRep, type CompanyRep } from '../../src/contract/sales-rep';
import type { UserRow } from '../../src/contract/user';
import { AuditLog, differences } from '../../src/features/admin/audit-log';
import { CompanyDetail } from '../../src/features/admin/company-detail';
import { UsersTable } from '../../src/features/admin/users-table';

vi.mock('../../src/api/client', () => ({ apiRequest: vi.fn() }));
const { apiRequest } = await import('../../src/api/client');
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

interface Call {
  path: string;
  method: string;
}

/** The stand-in server's state and the calls it answered. */
let users: UserRow[];
let reps: AdminRep[];
let companyReps: CompanyRep[];
let calls: Call[];
/** An answer that refuses the next PUT or DELETE. */
let refusal: ApiError | null;

const auditPage: AuditPage = {
  items: [
    {
      id: 9,
      at: '2026-11-27T09:00:00.000Z',
      actorId: 'u-admin',
      actorEmail: 'alma@example.com',
      actorRole: 'admin',
      action: 'user.made_rep',
      subjectType: 'user',
      subjectId: 'rex@example.com',
      companyId: null,
      companyName: null,
      before: { role: 'customer', company: 'Rex Rep' },
      after: { role: 'rep', companyDeleted: true },
    },
  ],
  next: null,
};

const COMPANY_ID = '00000000-0000-4000-8000-000000000001';
const detail = (): AdminCompanyDetail => ({
  company: {
    id: COMPANY_ID,
    name: 'Acme Tools',
    country: 'DE',
    taxNumber: null,
    status: 'approved',
    statusReason: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    decidedAt: null,
    adminEmail: 'ada@acme.example',
    memberCount: 1,
  },
  members: [{ userId: 'u-ada', email: 'ada@acme.example', name: 'Ada', role: 'company_admin' }],
  locations: [],
  openInvitations: 0,
  reps: companyReps,
  account: { paymentTerms: 'card', creditLimit: 0, poRequired: false, outstanding: 0, available: 0, overdue: 0, currency: 'USD' },
  priceList: null,
});

async function answer(path: string, options: { method?: string } = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  calls.push({ path, method });
  if (method !== 'GET' && refusal) {
    const error = refusal;
    refusal = null;
    throw error;
  }
  if (path === '/users') return { items: users, total: users.length, page: 1, pageSize: 20 };
  if (path === '/admin/reps') return reps;
  if (path === '/admin/audit') return auditPage;
  if (path === `/admin/companies/${COMPANY_ID}`) return detail();
  const repChange = /^\/user\/rep\/(.+)$/u.exec(path);
  if (repChange) {
    const email = decodeURIComponent(repChange[1] ?? '');
    users = users.map((user) => (user.email === email ? { ...user, role: method === 'PUT' ? 'rep' : 'customer' } : user));
    return { modifiedCount: 1 };
  }
  const assignment = new RegExp(`^/admin/companies/${COMPANY_ID}/reps/(.+)$`, 'u').exec(path);
  if (assignment) {
    const rep = reps.find((candidate) => candidate.id === assignment[1]);
    if (!rep) throw new ApiError(404, 'not_found', 'Not found');
    companyReps =
      method === 'PUT'
        ? [...companyReps, { id: rep.id, email: rep.email, name: rep.name, assignedAt: '2026-11-27T09:00:00.000Z' }]
        : companyReps.filter((assigned) => assigned.id !== rep.id);
    return companyReps;
  }
  throw new Error(`unexpected ${method} ${path}`);
}

beforeEach(() => {
  users = [
    { _id: 'u-admin', email: 'alma@example.com', role: 'admin' },
    { _id: 'u-cara', email: 'cara@example.com', role: 'customer', trusted: true },
    { _id: 'u-rex', email: 'rex@example.com', role: 'rep', trusted: true },
  ];
  reps = [
    { id: 'u-rex', email: 'rex@example.com', name: 'Rex Rep', companyCount: 2 },
    { id: 'u-sue', email: 'sue@example.com', name: 'Sue Seller', companyCount: 0 },
  ];
  companyReps = [{ id: 'u-rex', email: 'rex@example.com', name: 'Rex Rep', assignedAt: '2026-11-20T09:00:00.000Z' }];
  calls = [];
  refusal = null;
  vi.mocked(apiRequest).mockImplementation(answer as typeof apiRequest);
  for (const fn of Object.values(toast)) fn.mockReset();
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

function renderWithClient(ui: ReactNode) {
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

const row = (email: string) => screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(email)) as HTMLElement;
const openDialog = () => screen.getAllByRole('dialog', { hidden: true }).find((dialog) => (dialog as HTMLDialogElement).open) as HTMLElement;

describe('Make Admin with sales reps', () => {
  it('shows a rep as "Sales rep" with Make customer, a customer with Make sales rep, and an admin with neither', async () => {
    renderWithClient(<UsersTable />);
    await screen.findByText('Showing 1–3 of 3');
    const rex = row('rex@example.com');
    expect(within(rex).getByText('Sales rep')).toBeTruthy();
    expect(within(rex).getByRole('button', { name: /^Make customer/u })).toBeTruthy();
    expect(within(rex).queryByRole('button', { name: /Make Admin/u })).toBeNull();
    const cara = row('cara@example.com');
    expect(within(cara).getByRole('button', { name: /^Make sales rep/u })).toBeTruthy();
    expect(within(cara).getByRole('button', { name: /^Make Admin/u })).toBeTruthy();
    expect(within(row('alma@example.com')).queryByRole('button', { name: /sales rep|customer/u })).toBeNull();
  });

  it('asks before making a sales rep, says what happens, and shows the row as a rep after it', async () => {
    renderWithClient(<UsersTable />);
    await screen.findByText('Showing 1–3 of 3');
    fireEvent.click(within(row('cara@example.com')).getByRole('button', { name: /^Make sales rep/u }));
    const dialog = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Make this account a sales rep?' })).toBeTruthy();
    expect(dialog.textContent).toContain('cara@example.com becomes a sales rep');
    expect(dialog.textContent).toContain('They leave the company they buy for now.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Make sales rep' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('cara@example.com is now a sales rep. Assign their companies on the Companies page.'));
    expect(calls).toContainEqual({ path: '/user/rep/cara%40example.com', method: 'PUT' });
    await waitFor(() => expect(within(row('cara@example.com')).getByRole('button', { name: /^Make customer/u })).toBeTruthy());
  });

  it('tells how many companies a rep loses when made a customer, and shows the server’s refusal in the dialog', async () => {
    renderWithClient(<UsersTable />);
    await screen.findByText('Showing 1–3 of 3');
    fireEvent.click(within(row('rex@example.com')).getByRole('button', { name: /^Make customer/u }));
    const dialog = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Make this sales rep a customer again?' })).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).toContain('no longer orders for the 2 companies assigned to them'));
    expect(dialog.textContent).toContain('They get a company of their own');

    refusal = new ApiError(409, 'conflict', repMessages.notACustomer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make customer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(repMessages.notACustomer);
    expect(toast.success).not.toHaveBeenCalled();
    expect((dialog as HTMLDialogElement).open).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Make customer' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('rex@example.com is a customer again, with a company of their own.'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { path: '/user/rep/rex%40example.com', method: 'DELETE' },
      { path: '/user/rep/rex%40example.com', method: 'DELETE' },
    ]);
  });
});

describe('a company’s sales reps', () => {
  it('lists the assigned reps with since when, and offers only the others to assign', async () => {
    renderWithClient(<CompanyDetail id={COMPANY_ID} online onBack={() => undefined} />);
    const section = (await screen.findByRole('heading', { name: 'Sales reps (1)' })).closest('section') as HTMLElement;
    const rex = within(section).getByRole('listitem', { name: 'rex@example.com' });
    expect(rex.textContent).toContain('Rex Rep');
    expect(rex.textContent).toMatch(/Since Nov 20, 2026/u);
    const choice = (await within(section).findByLabelText('Sales rep to assign')) as HTMLSelectElement;
    expect([...choice.options].map((option) => option.text)).toEqual(['Choose a sales rep', 'Sue Seller (sue@example.com)']);

    // Nothing chosen: the choice says so, and nothing is sent.
    fireEvent.click(within(section).getByRole('button', { name: 'Assign' }));
    expect(within(section).getByText('Choose the sales rep to assign.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(choice, { target: { value: 'u-sue' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sue Seller now orders for Acme Tools'));
    expect(calls).toContainEqual({ path: `/admin/companies/${COMPANY_ID}/reps/u-sue`, method: 'PUT' });
    expect(await within(section).findByRole('listitem', { name: 'sue@example.com' })).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Sales reps (2)' })).toBeTruthy();
    // Every rep orders for it now; the reps' list was read again for their company counts.
    expect(await within(section).findByText('Every sales rep already orders for this company.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/admin/reps').length).toBeGreaterThanOrEqual(2);
  });

  it('removes a rep after asking', async () => {
    renderWithClient(<CompanyDetail id={COMPANY_ID} online onBack={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Rex Rep' }));
    const dialog = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Remove Rex Rep?' })).toBeTruthy();
    expect(dialog.textContent).toContain('can no longer order for Acme Tools');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove sales rep' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rex Rep no longer orders for Acme Tools'));
    expect(calls).toContainEqual({ path: `/admin/companies/${COMPANY_ID}/reps/u-rex`, method: 'DELETE' });
    expect(await screen.findByText('No sales rep orders for this company yet.')).toBeTruthy();
  });

  it('takes a rep removed meanwhile as removed, and reads the company again', async () => {
    renderWithClient(<CompanyDetail id={COMPANY_ID} online onBack={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Rex Rep' }));
    refusal = new ApiError(404, 'not_found', 'That sales rep of the company was not found.');
    companyReps = [];
    fireEvent.click(within(openDialog()).getByRole('button', { name: 'Remove sales rep' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Rex Rep no longer orders for Acme Tools'));
    expect(await screen.findByText('No sales rep orders for this company yet.')).toBeTruthy();
  });

  it('says where a sales rep is made when there is none', async () => {
    reps = [];
    companyReps = [];
    renderWithClient(<CompanyDetail id={COMPANY_ID} online onBack={() => undefined} />);
    const hint = await screen.findByText(/There are no sales reps yet/u);
    expect(hint.textContent).toBe('There are no sales reps yet. To make one, open Make Admin and press Make sales rep on that person’s row.');
    expect(within(hint).getByRole('link', { name: 'Make Admin' }).getAttribute('href')).toBe('/dashboard/manage-users');
  });

  it('offline, Assign and Remove wait for the connection', async () => {
    renderWithClient(<CompanyDetail id={COMPANY_ID} online={false} onBack={() => undefined} />);
    expect((await screen.findByRole('button', { name: 'Remove Rex Rep' })).hasAttribute('disabled')).toBe(true);
    expect((await screen.findByRole('button', { name: 'Assign' })).hasAttribute('disabled')).toBe(true);
  });
});

describe('the audit log’s sales rep entries', () => {
  it('names the action and the account it was done to', async () => {
    renderWithClient(<AuditLog />);
    const entry = await screen.findByTestId('audit-entry');
    expect(within(entry).getByText('Made someone a sales rep')).toBeTruthy();
    expect(entry.textContent).toContain('Account: rex@example.com');
    expect(entry.textContent).toContain('RoleCustomer → Sales rep');
    expect(entry.textContent).toContain('Company removed— → Yes');
    expect(within(screen.getByLabelText('What')).getByRole('option', { name: 'Assigned a sales rep to the company' })).toBeTruthy();
  });

  it('reads roles and a rep’s companies in words', () => {
    expect(differences({ role: 'customer', company: 'Acme Tools' }, { role: 'rep', companyDeleted: false })).toEqual([
      { key: 'role', before: 'Customer', after: 'Sales rep' },
      { key: 'company', before: 'Acme Tools', after: '—' },
      { key: 'companyDeleted', before: '—', after: 'No' },
    ]);
    expect(differences({ role: 'rep', companies: ['a', 'b'] }, { role: 'customer' })).toEqual([
      { key: 'role', before: 'Sales rep', after: 'Customer' },
      { key: 'companies', before: '2 companies', after: '—' },
    ]);
    expect(differences(null, { rep: 'rex@example.com' })).toEqual([{ key: 'rep', before: '—', after: 'rex@example.com' }]);
    // A rep's order for a company: its total in dollars, as the order lists write it.
    expect(differences(null, { total: 1250, lines: 3, location: 'Main store' })).toEqual([
      { key: 'total', before: '—', after: '$1,250' },
      { key: 'lines', before: '—', after: '3' },
      { key: 'location', before: '—', after: 'Main store' },
    ]);
  });
});
