// The Register screen's form (the spec): name, e-mail and password, or Google. The
// account is created, the verification e-mail sent and the name set before the token exchange.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { toast } from '../../ui/toast';
import { RegisterFormSchema, type RegisterForm as RegisterValues } from '../../contract/auth';
import { toasts } from '../../contract/messages';
import { authErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import type { SessionUser } from './session';
import { registerAccount } from './sign-in';
import { useAuthAttempt } from './use-auth-attempt';

export function RegisterForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void | Promise<void> }) {
  const attempt = useAuthAttempt(onSignedIn);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues>({ resolver: valibotResolver(RegisterFormSchema), defaultValues: { name: '', email: '', password: '' } });

  // Registered first: on a failed submit react-hook-form focuses the first invalid field in registration order.
  const name = register('name');

  const submit = handleSubmit((values) =>
    attempt.run(async () => {
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
    <AuthForm
      attempt={attempt}
      busyLabel="Creating your account"
      submitLabel="Register"
      onSubmit={submit}
      email={{ field: register('email'), error: errors.email?.message }}
      password={{ field: register('password'), error: errors.password?.message, autoComplete: 'new-password' }}
      other={{ question: 'Already have an account?', to: '/login', label: 'Login' }}
    >
      {(idPrefix) => <AuthField id={`${idPrefix}-name`} label="Name" type="text" autoComplete="name" error={errors.name?.message} {...name} />}
    </AuthForm>
  );
}
