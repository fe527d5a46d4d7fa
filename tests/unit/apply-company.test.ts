// @vitest-environment jsdom
// An application made with Google: the company's details wait in the tab's session storage until the account
// is back (a redirect leaves the page), and are applied once, only to a company still waiting for approval.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../src/api/client';
import { applyKeptApplication, keepApplication } from '../../src/features/auth/apply-company';

vi.mock('../../src/api/client', () => ({ apiRequest: vi.fn() }));

const details = { name: 'Rita’s Tools', country: 'GB', taxNumber: 'GB123456789' };
const company = (status: string, role = 'company_admin') => ({
  company: { id: 'c1', name: 'Rita', country: 'US', taxNumber: null, status },
  role,
  locations: [],
});

describe('an application kept for Google', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.mocked(apiRequest).mockReset();
  });
  afterEach(() => sessionStorage.clear());

  it('is applied to the new account’s company, which waits for approval, and only once', async () => {
    vi.mocked(apiRequest).mockResolvedValueOnce(company('applied')).mockResolvedValueOnce({});
    keepApplication(details);
    await applyKeptApplication();
    expect(vi.mocked(apiRequest).mock.calls.map(([path, options]) => [path, options?.method ?? 'GET', options?.body])).toEqual([
      ['/company', 'GET', undefined],
      ['/company', 'PATCH', details],
    ]);
    await applyKeptApplication();
    expect(apiRequest).toHaveBeenCalledTimes(2);
  });

  it('leaves an approved company as it is: a dealer who already had an account only signed in', async () => {
    vi.mocked(apiRequest).mockResolvedValueOnce(company('approved'));
    keepApplication(details);
    await applyKeptApplication();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('does nothing when nothing was kept, or what was kept is not a company’s details', async () => {
    await applyKeptApplication();
    sessionStorage.setItem('forgeline:pending-application', JSON.stringify({ name: '', country: 'Atlantis' }));
    await applyKeptApplication();
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
