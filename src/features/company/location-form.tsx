// A location's form, to add one or change one: its name, contact, ship-to address and phone, the same
// address and phone an order's delivery takes, and its country and state or region, which decide the tax of
// the orders shipped there.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { LocationFormSchema, type LocationForm as LocationValues } from '../../contract/dealer-company';
import { texts } from '../../contract/messages';
import { CountryField, RegionField } from '../../ui/place-fields';
import { AddressField, FormField, PhoneField, fieldAria } from '../../ui/form-field';
import { showSaveFailure } from '../auth/session';

const FIELDS = ['name', 'contactName', 'address', 'phone', 'country', 'region'] as const;

export interface LocationFormProps {
  /** What the location holds now; for a new one, empty in the company's country. */
  initial: LocationValues;
  /** The form's accessible name: "New location" or "Change Leeds branch". */
  label: string;
  submitLabel: string;
  online: boolean;
  /** Sends the values; a refusal is shown on the form's fields. */
  onSubmit: (values: LocationValues) => Promise<unknown>;
  onCancel: () => void;
}

export function LocationForm({ initial, label, submitLabel, online, onSubmit, onCancel }: LocationFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LocationValues>({ resolver: valibotResolver(LocationFormSchema), defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const shown = showSaveFailure(error, FIELDS, (field, message) => setError(field, { message }, { shouldFocus: true }));
      if (shown === 'other') setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={label} aria-busy={isSubmitting}>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={`${id}-name`} label="Location name" error={errors.name?.message}>
          <input
            {...fieldAria(`${id}-name`, errors.name?.message)}
            placeholder="e.g. Leeds branch"
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            {...register('name')}
          />
        </FormField>
        <FormField id={`${id}-contact`} label="Contact name" error={errors.contactName?.message}>
          <input
            {...fieldAria(`${id}-contact`, errors.contactName?.message)}
            autoComplete="name"
            className={`input w-full ${errors.contactName ? 'input-error' : ''}`}
            {...register('contactName')}
          />
        </FormField>
      </div>
      <AddressField id={`${id}-address`} error={errors.address?.message} field={register('address')} />
      <div className="grid gap-4 md:grid-cols-2">
        <CountryField id={`${id}-country`} error={errors.country?.message} field={register('country')} />
        <RegionField
          id={`${id}-region`}
          error={errors.region?.message}
          field={register('region')}
          hint="Its code, such as CA or NSW, where the tax differs by state"
        />
      </div>
      <PhoneField id={`${id}-phone`} error={errors.phone?.message} field={register('phone')} />

      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary" disabled={!online || isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
        {online ? null : (
          <p className="text-sm text-warning-content" role="status">
            {texts.needsNetwork}
          </p>
        )}
      </div>
    </form>
  );
}
