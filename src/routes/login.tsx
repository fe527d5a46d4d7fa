// /login (the spec): on success the user goes back to the page they came from, or home,
// replacing this entry in the history.

import { useSearch } from '@tanstack/react-router';
import { AUTH_SCREENS } from '../contract/screen-frames';
import { AuthPanel } from '../features/auth/auth-panel';
import { useLeaveAuthPage } from '../features/auth/leave-auth-page';
import { LoginForm } from '../features/auth/login-form';

export default function LoginPage() {
  const { redirect } = useSearch({ from: '/login' });
  const leave = useLeaveAuthPage('/login');
  const goBack = () => leave(redirect, '/');
  return (
    <AuthPanel {...AUTH_SCREENS['/login']}>
      <LoginForm onSignedIn={goBack} redirect={redirect} />
    </AuthPanel>
  );
}
