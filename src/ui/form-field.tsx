// A labelled form field with its error under it, the address and phone fields, and the read-only name
// and e-mail pair that the purchase, profile and review forms show (the spec): one markup for
// every form.

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The aria attributes that tie a control to its error message (and an optional hint). */
export function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? `${id}-error` : null, hintId ?? null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined };
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Shown between the control and the error, e.g. a format hint. */
  hint?: ReactNode;
  /** The error is announced as soon as it shows (a value checked while it is typed). */
  alert?: boolean;
  className?: string;
  children: ReactNode;
}

export function FormField({ id, label, error, hint, alert = false, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role={alert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The signed-in user's name and e-mail, read-only. */
export function ReadOnlyIdentity({
  idPrefix,
  name,
  email,
  className = 'grid gap-5 md:grid-cols-2',
}: {
  idPrefix: string;
  name: string;
  email: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <FormField id={`${idPrefix}-name`} label="Name">
        <input id={`${idPrefix}-name`} className="input w-full bg-base-200" value={name} readOnly />
      </FormField>
      <FormField id={`${idPrefix}-email`} label="Email">
        <input id={`${idPrefix}-email`} type="email" className="input w-full bg-base-200" value={email} readOnly />
      </FormField>
    </div>
  );
}

export interface ContactFieldProps {
  id: string;
  error: string | undefined;
  /** What react-hook-form's register() returns for the field. */
  field: UseFormRegisterReturn;
}

export function AddressField({ id, error, field }: ContactFieldProps) {
  return (
    <FormField id={id} label="Address" error={error}>
      <textarea {...fieldAria(id, error)} rows={3} autoComplete="street-address" className={`textarea w-full ${error ? 'textarea-error' : ''}`} {...field} />
    </FormField>
  );
}

export function PhoneField({ id, error, field }: ContactFieldProps) {
  return (
    <FormField id={id} label="Phone" error={error}>
      <input {...fieldAria(id, error)} type="tel" autoComplete="tel" inputMode="tel" className={`input w-full ${error ? 'input-error' : ''}`} {...field} />
    </FormField>
  );
}

export interface TextAreaFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  maxLength: number;
  rows?: number;
  placeholder?: string;
  required?: boolean;
  /** The error is announced as soon as it shows. */
  alert?: boolean;
}

/** A message typed in a box of several lines (a quote's message, a reply), with its label and error. */
export function TextAreaField({ id, label, value, onChange, error, maxLength, rows = 3, placeholder, required, alert }: TextAreaFieldProps) {
  const shown = error ?? undefined;
  return (
    <FormField id={id} label={label} error={shown} alert={alert}>
      <textarea
        {...fieldAria(id, shown)}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-required={required || undefined}
        className={`textarea w-full ${shown ? 'textarea-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
