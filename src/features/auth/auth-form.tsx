// The body the Login and Register forms share (the spec): a spinner that replaces the
// form while it works, e-mail and password, any failure in small red text under the password field,
// a link to the other form, and Google.

import { Link } from '@tanstack/react-router';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Spinner } from '../../ui/spinner';
import { AuthField } from './auth-field';
import { GoogleButton } from './google-button';
import { signInWithGoogle } from './sign-in';
import type { AuthAttempt } from './use-auth-attempt';

interface AuthInput {
  field: UseFormRegisterReturn;
  error: string | undefined;
}

export interface AuthFormProps {
  attempt: AuthAttempt;
  /** Read to screen readers while the form is replaced by the spinner. */
  busyLabel: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  email: AuthInput;
  password: AuthInput & { autoComplete: 'current-password' | 'new-password' };
  /** The other form: its question, path and link text, and where it goes back to after signing in. */
  other: { question: string; to: '/login' | '/register'; label: string; redirect?: string | undefined };
  /** Fields above the e-mail (the register form's name), given `idPrefix`. */
  children?: (idPrefix: string) => ReactNode;
  /** Below the submit button, inside the form's column (Login's "Forgot password?"). */
  afterSubmit?: ReactNode;
  /** What Google does instead of signing in at once (an application checks its company first). */
  onGoogle?: () => void;
}

export function AuthForm({ attempt, busyLabel, submitLabel, onSubmit, email, password, other, children, afterSubmit, onGoogle }: AuthFormProps) {
  const id = useId();
  const { loading, error, run } = attempt;
  return (
    <>
      {loading ? <Spinner label={busyLabel} /> : null}
      <div hidden={loading} className="grid gap-5">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          {children?.(id)}
          <AuthField id={`${id}-email`} label="Email" type="email" autoComplete="email" inputMode="email" error={email.error} {...email.field} />
          <AuthField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete={password.autoComplete}
            error={password.error}
            afterId={`${id}-failure`}
            after={
              error ? (
                <p id={`${id}-failure`} role="alert" className="mt-1 text-sm text-error" data-testid="auth-error">
                  {error}
                </p>
              ) : null
            }
            {...password.field}
          />
          <button type="submit" className="btn btn-primary w-full">
            {submitLabel}
          </button>
        </form>
        {afterSubmit}
        <p className="text-center text-sm">
          {other.question}{' '}
          <Link to={other.to} search={other.redirect ? { redirect: other.redirect } : {}} className="link link-primary font-semibold">
            {other.label}
          </Link>
        </p>
        <div className="divider my-0 text-sm">OR</div>
        <GoogleButton onClick={onGoogle ?? (() => void run(signInWithGoogle))} />
      </div>
    </>
  );
}
