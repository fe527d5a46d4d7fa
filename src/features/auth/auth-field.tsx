// A labelled input of the sign-in and register forms, with its message under it (the spec).

import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface AuthFieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field after its own message: the sign-in error goes under the password. */
  after?: ReactNode;
  afterId?: string;
}

export function AuthField({ id, label, error, after, afterId, className, ...input }: AuthFieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, after ? afterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
