// /register (the spec): after the account is made and the access token received, home (or back to the page
// that sent the visitor here, such as an invitation). When the shop asks
// new customers to apply, the form asks for the company too, and the dashboard then says it waits for approval.

import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { queryKeys } from '../api/query-keys';
import { getRuntimeConfig } from '../api/runtime-config';
import { AUTH_SCREENS } from '../contract/screen-frames';
import { AuthPanel } from '../features/auth/auth-panel';
import { useLeaveAuthPage } from '../features/auth/leave-auth-page';
import { RegisterForm } from '../features/auth/register-form';

export default function RegisterPage() {
  const { redirect } = useSearch({ from: '/register' });
  const leave = useLeaveAuthPage('/register');
  const config = useQuery({ queryKey: queryKeys.runtimeConfig, queryFn: getRuntimeConfig, staleTime: Number.POSITIVE_INFINITY, meta: { persist: false } });
  // Until the settings are known (and without them, offline on a first visit) the form is the spec's; they are
  // usually known already, read when the app starts.
  const applying = config.data?.newCustomers === 'apply_and_wait';
  return (
    <AuthPanel {...AUTH_SCREENS['/register']}>
      <RegisterForm key={String(applying)} applying={applying} redirect={redirect} onSignedIn={() => leave(redirect, applying ? '/dashboard' : '/')} />
    </AuthPanel>
  );
}
