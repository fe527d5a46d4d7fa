// The Register screen's form (spec sections 2, 4 and 5): name, e-mail and password. The account is
// created, the verification e-mail sent and the name set before the token exchange.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { RegisterFormSchema, type RegisterForm as RegisterValues } from '../../contract/auth';
import { toasts } from '../../contract/messages';
import { Spinner } from '../../ui/spinner';
import { authErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { GoogleButton } from './google-button';
import type { SessionUser } from './session';
import { registerAccount, signInWithGoogle } from './sign-in';
import { useAuthAttempt } from './use-auth-attempt';

export function RegisterForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void | Promise<void> }) {
  const id = useId();
  const { loading, error, run } = useAuthAttempt(onSignedIn);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues>({ resolver: valibotResolver(RegisterFormSchema), defaultValues: { name: '', email: '', password: '' } });

  const submit = handleSubmit((values) =>
    run(async () => {
      const { user, verificationError } = await registerAccount(values);
      if (verificationError) {
        toast.error(`The verification e-mail could not be sent: ${authErrorMessage(verificationError)} You can resend it from My Profile.`);
      } else {
        toast.success(toasts.verificationSent);
      }
      return user;
    }),
  );

  return (
    <>
      {loading ? <Spinner label="Creating your account" /> : null}
      <div hidden={loading} className="grid gap-5">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <AuthField id={`${id}-name`} label="Name" type="text" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <AuthField id={`${id}-email`} label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <AuthField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="new-password"
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
            Register
          </button>
        </form>
        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link to="/login" className="link link-primary font-semibold">
            Login
          </Link>
        </p>
        <div className="divider my-0 text-sm">OR</div>
        <GoogleButton onClick={() => void run(signInWithGoogle)} />
      </div>
    </>
  );
}
