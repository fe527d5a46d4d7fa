// A tax rate, added or changed by an admin (docs/decisions/046-tax-per-ship-to-location.md): the ship-to
// country, a state or region within it where the tax differs there (empty for the whole country), the tax's
// name as invoices print it, and the rate in percent as typed ("19", "8.875"), which the server keeps in
// millionths. The contract checks each field before sending; the server's refusals show on their fields,
// and a place that already has a rate above the buttons.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { TAX_NAME_MAX_LENGTH, TaxRateInputSchema, rateToPercent, type TaxRate, type TaxRateInput } from '../../contract/tax';
import { CountryField, RegionField } from '../../ui/place-fields';
import { fieldAria, FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { showSaveFailure } from '../auth/session';
import { useSaveTaxRate } from './tax-rates-api';

const FIELDS = ['country', 'region', 'name', 'rate'] as const;

export interface TaxRateFormProps {
  /** The rate to change; null to add one. */
  rate: TaxRate | null;
  online: boolean;
  /** The place of the rate added or changed, for the toast. */
  onDone: (saved: TaxRate) => void;
  onCancel: () => void;
}

export function TaxRateForm({ rate, online, onDone, onCancel }: TaxRateFormProps) {
  const id = useId();
  const save = useSaveTaxRate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<TaxRateInput>({
    // Raw: the server takes the rate as typed, and parses it with the same schema.
    resolver: valibotResolver(TaxRateInputSchema, undefined, { raw: true }),
    defaultValues: rate
      ? { country: rate.country, region: rate.region, name: rate.name, rate: rateToPercent(rate.rateMicros) }
      : { country: '', region: '', name: '', rate: '' },
  });

  const submit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: rate?.id ?? null, rate: values },
      {
        onSuccess: (saved) => {
          toast.success(rate ? `The ${saved.name} rate is saved` : `The ${saved.name} rate is added`);
          onDone(saved);
        },
        onError: (error) => {
          const shown = showSaveFailure(error, FIELDS, (field, message) => setError(field, { message }, { shouldFocus: true }));
          if (shown === 'other') setFailure(errorMessage(error));
        },
      },
    );
  });

  const heading = rate ? 'Change the tax rate' : 'New tax rate';
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      <form noValidate className="grid gap-4" aria-labelledby={`${id}-heading`} aria-busy={save.isPending} onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 md:grid-cols-2">
          <CountryField id={`${id}-country`} error={errors.country?.message} field={register('country')} choose="Choose a country" />
          <RegionField
            id={`${id}-region`}
            error={errors.region?.message}
            field={register('region')}
            hint="Its code, such as CA or NSW; empty for the whole country. A region’s rate beats its country’s."
          />
          <FormField
            id={`${id}-name`}
            label="Name"
            error={errors.name?.message}
            hint={
              <p id={`${id}-name-hint`} className="mt-1 text-sm text-base-content/70">
                As the invoice prints it, such as VAT or Sales tax.
              </p>
            }
          >
            <input
              {...fieldAria(`${id}-name`, errors.name?.message, `${id}-name-hint`)}
              className={`input w-full ${errors.name ? 'input-error' : ''}`}
              autoComplete="off"
              maxLength={TAX_NAME_MAX_LENGTH}
              {...register('name')}
            />
          </FormField>
          <FormField
            id={`${id}-rate`}
            label="Rate"
            error={errors.rate?.message}
            hint={
              <p id={`${id}-rate-hint`} className="mt-1 text-sm text-base-content/70">
                In percent, such as 19 or 8.875.
              </p>
            }
          >
            <label className={`input w-full ${errors.rate ? 'input-error' : ''}`}>
              <input
                {...fieldAria(`${id}-rate`, errors.rate?.message, `${id}-rate-hint`)}
                className="grow tabular-nums"
                inputMode="decimal"
                autoComplete="off"
                {...register('rate')}
              />
              <span aria-hidden="true">%</span>
            </label>
          </FormField>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          <SaveBar id={id} label={rate ? 'Save tax rate' : 'Add tax rate'} online={online} saving={save.isPending} dirty={rate === null || isDirty} />
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
