// /register (the spec): after the account is made and the access token received, home.

import { useNavigate } from '@tanstack/react-router';
import { AuthPanel } from '../features/auth/auth-panel';
import { RegisterForm } from '../features/auth/register-form';

export default function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthPanel title="Register" intro="Open a dealer account to order tools in bulk at trade prices.">
      <RegisterForm onSignedIn={() => navigate({ to: '/', replace: true })} />
    </AuthPanel>
  );
}
