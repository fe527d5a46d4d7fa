// @vitest-environment jsdom
// My Profile tells a user whose e-mail is on the admin list, but not verified yet, how to become admin.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../src/contract/user';
import DashboardProfilePage from '../../src/routes/dashboard-profile';

const profile = vi.hoisted(() => ({ current: null as UserProfile | null }));

vi.mock('../../src/features/auth/session', () => ({ useSession: () => ({ user: { email: 'owner@example.com', displayName: 'Owner' } }) }));
vi.mock('../../src/features/auth/get-user-profile', () => ({
  useUserProfile: () => ({ data: profile.current, isError: false }),
  userProfileQueryOptions: (email: string) => ({ queryKey: ['users', email] }),
}));
vi.mock('../../src/features/auth/verification-status', () => ({
  VerificationStatus: () => <button type="button">Resend verification e-mail</button>,
}));
vi.mock('../../src/features/profile/profile-form', () => ({ ProfileForm: () => <form aria-label="Profile" /> }));

const base: UserProfile = { admin: false, email: 'owner@example.com', displayName: 'Owner', address: '', phone: '', linkedin: '', emailVerified: false };

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DashboardProfilePage />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('My Profile, admin pending', () => {
  it('says how to become admin, above the resend button it points to', () => {
    profile.current = { ...base, adminPending: true };
    renderPage();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe(
      "Your e-mail address is on this shop's admin list. Verify it (use Resend verification e-mail below) and you become admin as soon as this app sees the verification.",
    );
    const resend = screen.getByRole('button', { name: 'Resend verification e-mail' });
    expect(notice.compareDocumentPosition(resend) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing otherwise', () => {
    for (const current of [base, { ...base, adminPending: false }]) {
      profile.current = current;
      renderPage();
      expect(screen.queryByText(/admin list/u)).toBeNull();
      cleanup();
    }
  });
});
