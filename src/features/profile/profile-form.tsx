// My Profile (the spec): name and e-mail read-only; address, phone and an optional
// LinkedIn URL, prefilled from the server. Saving needs the network (docs/architecture.md, "Offline").

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../ui/toast';
import { texts, toasts } from '../../contract/messages';
import { ProfileFormSchema, type ProfileForm as ProfileValues, type UserProfile } from '../../contract/user';
import { AddressField, FormField, PhoneField, ReadOnlyIdentity, fieldAria } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { showSaveFailure } from '../auth/session';
import { useUpdateProfile } from './update-profile';

const FIELDS = ['address', 'phone', 'linkedin'] as const;

export interface ProfileFormProps {
  name: string;
  email: string;
  profile: UserProfile;
  online: boolean;
  onSaved: () => Promise<unknown> | void;
}

export function ProfileForm({ name, email, profile, online, onSaved }: ProfileFormProps) {
  const id = useId();
  const update = useUpdateProfile(email, onSaved);
  const [failure, setFailure] = useState<string | null>(null);
  // Admins only: whether a paid order sends them an e-mail (docs/decisions/013-invoices-and-mail-queue.md).
  const notifies = profile.admin ? (profile.notifyPaidOrders ?? true) : undefined;
  const serverValues = useMemo(
    () => ({ address: profile.address, phone: profile.phone, linkedin: profile.linkedin, notifyPaidOrders: notifies }),
    [profile.address, profile.phone, profile.linkedin, notifies],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({
    resolver: valibotResolver(ProfileFormSchema),
    // `values` follows the server's profile as it arrives (a saved copy first, then the fresh one),
    // without overwriting what the dealer has already typed.
    values: serverValues,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (!email) {
      setFailure(texts.noUserLoggedIn);
      return;
    }
    try {
      const body = {
        address: values.address,
        phone: values.phone,
        linkedin: values.linkedin ?? '',
        ...(profile.admin ? { notifyPaidOrders: values.notifyPaidOrders ?? true } : {}),
      };
      await update.mutateAsync(body);
      reset(body);
      toast.success(toasts.profileUpdated);
    } catch (error) {
      const shown = showSaveFailure(error, FIELDS, (field, message) => setError(field, { message }, { shouldFocus: true }));
      if (shown === 'session') return;
      if (shown === 'other') setFailure(error instanceof Error ? error.message : toasts.tryAgain);
      toast.error(toasts.tryAgain);
    }
  });

  const saving = update.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={saving}>
      <ReadOnlyIdentity idPrefix={id} name={name} email={email} />

      <AddressField id={`${id}-address`} error={errors.address?.message} field={register('address')} />

      <div className="grid gap-5 md:grid-cols-2">
        <PhoneField id={`${id}-phone`} error={errors.phone?.message} field={register('phone')} />
        <FormField
          id={`${id}-linkedin`}
          label={
            <>
              LinkedIn URL <span className="font-normal text-base-content/70">(optional)</span>
            </>
          }
          error={errors.linkedin?.message}
        >
          <input
            {...fieldAria(`${id}-linkedin`, errors.linkedin?.message)}
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/your-name"
            className={`input w-full ${errors.linkedin ? 'input-error' : ''}`}
            {...register('linkedin')}
          />
        </FormField>
      </div>

      {profile.admin ? (
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="toggle toggle-primary mt-0.5" {...register('notifyPaidOrders')} />
          <span>
            E-mail me when a dealer pays an order
            <span className="block text-sm text-base-content/70">Every paid order, with what to ship and where.</span>
          </span>
        </label>
      ) : null}

      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}

      <SaveBar id={id} label="Update Profile" online={online} saving={saving} dirty={isDirty} />
    </form>
  );
}
