// The Login screen's form (spec sections 2, 4 and 5): e-mail and password, a loading state that
// replaces the form, and any failure in small red text under the password field.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { LoginFormSchema, type LoginForm as LoginValues } from '../../contract/auth';
import { Spinner } from '../../ui/spinner';
import { AuthField } from './auth-field';
import { GoogleButton } from './google-button';
import type { SessionUser } from './session';
import { signInWithGoogle, signInWithPassword } from './sign-in';
import { useAuthAttempt } from './use-auth-attempt';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void | Promise<void> }) {
  const id = useId();
  const { loading, error, run } = useAuthAttempt(onSignedIn);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: valibotResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit((values) => run(() => signInWithPassword(values.email, values.password)));

  return (
    <>
      {loading ? <Spinner label="Signing in" /> : null}
      <div hidden={loading} className="grid gap-5">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <AuthField id={`${id}-email`} label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <AuthField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            afterId={`${id}-failure`}
            after={
              error ? (
                <p id={`${id}-failure`} role="alert" className="mt-1 text-sm text-error" data-testid="auth-error">
                  {error}
                </p>
              ) : null
            }
            {...register('password')}
          />
          <button type="submit" className="btn btn-primary w-full">
            Login
          </button>
        </form>
        <p className="text-center text-sm">
          New to Forgeline?{' '}
          <Link to="/register" className="link link-primary font-semibold">
            Register
          </Link>
        </p>
        <div className="divider my-0 text-sm">OR</div>
        <GoogleButton onClick={() => void run(signInWithGoogle)} />
      </div>
    </>
  );
}
