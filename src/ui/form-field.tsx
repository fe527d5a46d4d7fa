// A labelled form field with its error under it, and the read-only name and e-mail pair that the
// purchase, profile and review forms show (spec section 2): one markup for every form.

import type { ReactNode } from 'react';

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
  className?: string;
  children: ReactNode;
}

export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The signed-in user's name and e-mail, read-only. */
export function ReadOnlyIdentity({ idPrefix, name, email, className = 'grid gap-5 md:grid-cols-2' }: { idPrefix: string; name: string; email: string; className?: string }) {
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
