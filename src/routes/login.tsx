// /login (the spec): on success the user goes back to the page they came from, or home,
// replacing this entry in the history.

import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { AuthPanel } from '../features/auth/auth-panel';
import { LoginForm } from '../features/auth/login-form';

export default function LoginPage() {
  const { redirect } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const router = useRouter();
  const goBack = async () => {
    // `redirect` is a same-origin path with its own query (checked by the route's validateSearch).
    if (redirect) router.history.replace(redirect);
    else await navigate({ to: '/', replace: true });
  };
  return (
    <AuthPanel title="Login" intro="Sign in to order tools in bulk, pay and follow your orders.">
      <LoginForm onSignedIn={goBack} redirect={redirect} />
    </AuthPanel>
  );
}
