// @vitest-environment jsdom
// The audit log page: what changed, as readable "before → after" pairs, and the entries with who, what and
// which company, newest first, with "Older entries" while the server says more follow.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage } from '../../src/contract/company-admin';
import { AuditLog, differences } from '../../src/features/admin/audit-log';

vi.mock('../../src/api/client', () => ({ apiRequest: vi.fn() }));
const { apiRequest } = await import('../../src/api/client');

afterEach(cleanup);

describe('differences', () => {
  it('keeps only the fields that changed, codes in words and nothing as a dash', () => {
    expect(differences({ status: 'applied', statusReason: null }, { status: 'rejected', statusReason: 'No VAT number' })).toEqual([
      { key: 'status', before: 'Applied', after: 'Rejected' },
      { key: 'statusReason', before: '—', after: 'No VAT number' },
    ]);
    expect(differences({ newCustomers: 'order_at_once' }, { newCustomers: 'apply_and_wait' })).toEqual([
      { key: 'newCustomers', before: 'Order at once', after: 'Apply and wait' },
    ]);
    expect(differences(null, { status: 'applied' })).toEqual([{ key: 'status', before: '—', after: 'Applied' }]);
    expect(differences({ name: 'Same' }, { name: 'Same' })).toEqual([]);
    // A name that happens to read like a status stays as it was written.
    expect(differences({ name: 'applied' }, { name: 'approved' })).toEqual([{ key: 'name', before: 'applied', after: 'approved' }]);
    expect(differences({ canSeeAllOrders: false }, { canSeeAllOrders: true })).toEqual([{ key: 'canSeeAllOrders', before: 'No', after: 'Yes' }]);
    expect(differences(null, null)).toEqual([]);
  });
});

describe('AuditLog', () => {
  it('shows each entry with who, what, the company and what changed, and offers older entries', async () => {
    const page: AuditPage = {
      items: [
        {
          id: 7,
          at: '2026-11-27T09:00:00.000Z',
          actorId: 'a',
          actorEmail: 'alma@example.com',
          actorRole: 'admin',
          action: 'company.approved',
          subjectType: 'company',
          subjectId: 'c',
          companyId: 'c',
          companyName: 'Acme Tools',
          before: { status: 'applied', statusReason: null },
          after: { status: 'approved', statusReason: null },
        },
      ],
      next: 7,
    };
    vi.mocked(apiRequest).mockResolvedValue(page);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuditLog />
      </QueryClientProvider>,
    );
    const entry = await screen.findByTestId('audit-entry');
    expect(within(entry).getByText('Approved the company')).toBeTruthy();
    expect(within(entry).getByText('alma@example.com')).toBeTruthy();
    expect(within(entry).getByText('Shop admin')).toBeTruthy();
    expect(within(entry).getByRole('button', { name: 'Acme Tools' })).toBeTruthy();
    expect(entry.textContent).toContain('StatusApplied → Approved');
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeTruthy();
  });
});
