// A quantity box in a list of tools (the pad's lines, the import report, a saved list, a saved order): whole
// pieces typed with the number keypad, right-aligned with the figures of the rows beside it, marked when the
// line's quantity is refused. The label is the caller's, as each list names its tools its own way.

import type { InputHTMLAttributes } from 'react';

export interface QuantityInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'pattern' | 'autoComplete' | 'aria-invalid'> {
  id: string;
  /** The line's quantity is refused (or not a number): the box shows it, and says so to assistive technology. */
  invalid: boolean;
  /** The compact box of a dialog's list, still 44 px tall to tap. */
  compact?: boolean;
}

export function QuantityInput({ invalid, compact = false, className = '', ...box }: QuantityInputProps) {
  return (
    <input
      {...box}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      aria-invalid={invalid}
      className={['input w-full text-right tabular-nums', compact ? 'input-sm h-11' : '', invalid ? 'input-error' : '', className].filter(Boolean).join(' ')}
    />
  );
}
