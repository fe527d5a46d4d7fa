// The country and the state or region of a place, as the company's details, a location and a tax rate ask
// for them: one select of every country by name, and one short code field.

import { countryOptions } from './country-name';
import { fieldAria, FormField, type ContactFieldProps } from './form-field';

/** `choose`: a first, empty option ("Choose a country") where the form starts without one. */
export function CountryField({ id, error, field, choose }: ContactFieldProps & { choose?: string }) {
  return (
    <FormField id={id} label="Country" error={error}>
      <select {...fieldAria(id, error)} autoComplete="country" className={`select w-full ${error ? 'select-error' : ''}`} {...field}>
        {choose ? <option value="">{choose}</option> : null}
        {countryOptions().map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The optional code of a state or region within the country, with what it is for in `hint`. */
export function RegionField({ id, error, field, hint }: ContactFieldProps & { hint: string }) {
  return (
    <FormField
      id={id}
      label={
        <>
          State or region <span className="font-normal text-base-content/70">(optional)</span>
        </>
      }
      error={error}
      hint={
        <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
      }
    >
      <input
        {...fieldAria(id, error, `${id}-hint`)}
        autoComplete="address-level1"
        maxLength={3}
        className={`input w-full uppercase ${error ? 'input-error' : ''}`}
        {...field}
      />
    </FormField>
  );
}
