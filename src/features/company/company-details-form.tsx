// My Company's details: the company's name, country and tax number. Its company admin changes them; a buyer
// sees them read-only. Saving needs the network.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { toasts } from '../../contract/messages';
import { CompanyFormSchema, TAX_NUMBER_MAX_LENGTH, companyMessages, type Company, type CompanyForm } from '../../contract/dealer-company';
import { FormField, fieldAria } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { showSaveFailure } from '../auth/session';
import { CountryField } from '../../ui/place-fields';
import { useUpdateCompany } from './update-company';

const FIELDS = ['name', 'country', 'taxNumber'] as const;

export interface CompanyDetailsFormProps {
  company: Company;
  /** The company admin edits; a buyer reads. */
  editable: boolean;
  online: boolean;
}

export function CompanyDetailsForm({ company, editable, online }: CompanyDetailsFormProps) {
  const id = useId();
  const update = useUpdateCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const serverValues = useMemo(
    () => ({ name: company.name, country: company.country, taxNumber: company.taxNumber ?? '' }),
    [company.name, company.country, company.taxNumber],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<CompanyForm>({
    resolver: valibotResolver(CompanyFormSchema),
    values: serverValues,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ name: values.name, country: values.country, taxNumber: values.taxNumber ?? null });
      reset({ name: saved.name, country: saved.country, taxNumber: saved.taxNumber ?? '' });
      toast.success('Your company is updated');
    } catch (error) {
      const shown = showSaveFailure(error, FIELDS, (field, message) => setError(field, { message }, { shouldFocus: true }));
      if (shown === 'session') return;
      if (shown === 'other') setFailure(errorMessage(error));
      toast.error(toasts.tryAgain);
    }
  });

  const saving = update.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={saving}>
      <fieldset disabled={!editable} className="grid gap-5">
        <FormField id={`${id}-name`} label="Company name" error={errors.name?.message}>
          <input
            {...fieldAria(`${id}-name`, errors.name?.message)}
            autoComplete="organization"
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            {...register('name')}
          />
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <CountryField id={`${id}-country`} error={errors.country?.message} field={register('country')} />
          <FormField
            id={`${id}-tax`}
            label={
              <>
                Tax or VAT number <span className="font-normal text-base-content/70">(optional)</span>
              </>
            }
            error={errors.taxNumber?.message}
          >
            <input
              {...fieldAria(`${id}-tax`, errors.taxNumber?.message)}
              maxLength={TAX_NUMBER_MAX_LENGTH + 10}
              className={`input w-full ${errors.taxNumber ? 'input-error' : ''}`}
              {...register('taxNumber')}
            />
          </FormField>
        </div>
      </fieldset>

      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}

      {editable ? (
        <SaveBar id={id} label="Save company" online={online} saving={saving} dirty={isDirty} />
      ) : (
        <p className="text-sm text-base-content/70">{companyMessages.onlyCompanyAdmin}</p>
      )}
    </form>
  );
}
