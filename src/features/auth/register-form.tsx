// The Register screen's form (the spec): name, e-mail and password, or Google. The
// account is created, the verification e-mail sent and the name set before the token exchange.
// When the shop asks new customers to apply (docs/decisions/040-dealer-companies.md), the form also asks
// for the company: its name, country and tax number, sent once the account exists.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { toast } from '../../ui/toast';
import { RegisterFormSchema } from '../../contract/auth';
import { CompanyNameSchema, CountrySchema, TAX_NUMBER_MAX_LENGTH, TaxNumberSchema } from '../../contract/dealer-company';
import { toasts } from '../../contract/messages';
import { countryOptions } from '../../ui/country-name';
import { FormField, fieldAria } from '../../ui/form-field';
import { applyKeptApplication, keepApplication } from './apply-company';
import { authErrorMessage } from './auth-errors';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import type { SessionUser } from './session';
import { registerAccount, signInWithGoogle } from './sign-in';
import { useAuthAttempt } from './use-auth-attempt';

const CompanyDetailsSchema = v.object({ companyName: CompanyNameSchema, country: CountrySchema, taxNumber: TaxNumberSchema });

/** The register form when the company applies with it. */
const ApplyFormSchema = v.object({ ...RegisterFormSchema.entries, ...CompanyDetailsSchema.entries });

/** The company's part of the form, checked, as the company's update takes it. */
function companyDetails(values: RegisterValues) {
  const company = v.parse(CompanyDetailsSchema, values);
  return { name: company.companyName, country: company.country, taxNumber: company.taxNumber };
}

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  companyName: string;
  country: string;
  taxNumber: string;
}

export interface RegisterFormProps {
  /** New customers apply with their company and wait for the shop's approval. */
  applying: boolean;
  onSignedIn: (user: SessionUser) => void | Promise<void>;
  /** Where signing in goes back to, kept when the visitor switches to Login. */
  redirect?: string | undefined;
}

export function RegisterForm({ applying, onSignedIn, redirect }: RegisterFormProps) {
  const attempt = useAuthAttempt(async (user) => {
    try {
      await applyKeptApplication();
    } catch {
      toast.error('Your account is made, but your company’s details were not saved. Please add them on My Company.');
    }
    await onSignedIn(user);
  });
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: valibotResolver(applying ? ApplyFormSchema : RegisterFormSchema) as unknown as Resolver<RegisterValues>,
    defaultValues: { name: '', email: '', password: '', companyName: '', country: '', taxNumber: '' },
  });

  // Registered first: on a failed submit react-hook-form focuses the first invalid field in registration order.
  const name = register('name');
  const companyName = register('companyName');
  const country = register('country');
  const taxNumber = register('taxNumber');

  const submit = handleSubmit((values) =>
    attempt.run(async () => {
      // The company's details are applied once the account exists (below, as for Google).
      if (applying) keepApplication(companyDetails(values));
      const { user, verificationError } = await registerAccount(values);
      if (verificationError) {
        toast.error(`The verification e-mail could not be sent: ${authErrorMessage(verificationError)} You can resend it from My Profile.`);
      } else {
        toast.success(toasts.verificationSent);
      }
      return user;
    }),
  );

  // Applying with Google: the company's details first, kept until Google returns the account.
  const googleApplication = async () => {
    if (!(await trigger(['companyName', 'country', 'taxNumber'], { shouldFocus: true }))) return;
    keepApplication(companyDetails(getValues()));
    await attempt.run(signInWithGoogle);
  };

  return (
    <AuthForm
      attempt={attempt}
      busyLabel="Creating your account"
      submitLabel={applying ? 'Register and apply' : 'Register'}
      onSubmit={submit}
      email={{ field: register('email'), error: errors.email?.message }}
      password={{ field: register('password'), error: errors.password?.message, autoComplete: 'new-password' }}
      other={{ question: 'Already have an account?', to: '/login', label: 'Login', redirect }}
      {...(applying ? { onGoogle: () => void googleApplication() } : {})}
    >
      {(idPrefix) => (
        <>
          <AuthField id={`${idPrefix}-name`} label="Name" type="text" autoComplete="name" error={errors.name?.message} {...name} />
          {applying ? (
            <fieldset className="grid gap-4 rounded-box border border-base-300 p-4" data-testid="company-section">
              <legend className="px-1 font-semibold">Your company</legend>
              <p className="text-sm text-base-content/70">
                The shop approves each new dealer. You can browse and fill the order pad meanwhile. Continuing with Google applies with these details too.
              </p>
              <AuthField
                id={`${idPrefix}-company`}
                label="Company name"
                type="text"
                autoComplete="organization"
                error={errors.companyName?.message}
                {...companyName}
              />
              <FormField id={`${idPrefix}-country`} label="Country" error={errors.country?.message}>
                <select
                  {...fieldAria(`${idPrefix}-country`, errors.country?.message)}
                  autoComplete="country"
                  className={`select w-full ${errors.country ? 'select-error' : ''}`}
                  {...country}
                >
                  <option value="">Choose your country</option>
                  {countryOptions().map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField
                id={`${idPrefix}-tax`}
                label={
                  <>
                    Tax or VAT number <span className="font-normal text-base-content/70">(optional)</span>
                  </>
                }
                error={errors.taxNumber?.message}
              >
                <input
                  {...fieldAria(`${idPrefix}-tax`, errors.taxNumber?.message)}
                  maxLength={TAX_NUMBER_MAX_LENGTH + 10}
                  className={`input w-full ${errors.taxNumber ? 'input-error' : ''}`}
                  {...taxNumber}
                />
              </FormField>
            </fieldset>
          ) : null}
        </>
      )}
    </AuthForm>
  );
}
