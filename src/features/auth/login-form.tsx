// The Login screen's form (the spec): e-mail and password, or Google, and a reset e-mail for a forgotten password.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { LoginFormSchema, type LoginForm as LoginValues } from '../../contract/auth';
import { AuthForm } from './auth-form';
import { ForgotPassword } from './forgot-password';
import type { SessionUser } from './session';
import { signInWithPassword } from './sign-in';
import { useAuthAttempt } from './use-auth-attempt';

export function LoginForm({ onSignedIn, redirect }: { onSignedIn: (user: SessionUser) => void | Promise<void>; redirect?: string | undefined }) {
  const attempt = useAuthAttempt(onSignedIn);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: valibotResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  return (
    <AuthForm
      attempt={attempt}
      busyLabel="Signing in"
      submitLabel="Login"
      onSubmit={handleSubmit((values) => attempt.run(() => signInWithPassword(values.email, values.password)))}
      email={{ field: register('email'), error: errors.email?.message }}
      password={{ field: register('password'), error: errors.password?.message, autoComplete: 'current-password' }}
      other={{ question: 'New to Forgeline?', to: '/register', label: 'Register', redirect }}
      afterSubmit={<ForgotPassword email={() => getValues('email')} />}
    />
  );
}
