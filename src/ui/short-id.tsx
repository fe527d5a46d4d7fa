// A long id in a narrow cell (a payment processor's transaction id): its first and last characters, and a
// button that opens the whole value with a Copy button under it. The button says what it opens, for
// which row, and whether it is open; the whole value can be selected by hand where copying is refused.

import { useId, useState } from 'react';
import { toast } from './toast';

export interface ShortIdProps {
  value: string;
  /** What the value is, in words: "transaction id". */
  what: string;
  /** Which row it belongs to, for the button's name: "of order O-2026-00042". */
  of: string;
  /** Characters kept at each end. */
  keep?: number;
}

/** `pi_3Nab…9xQz`: the ends of a value, which is shown whole when it is short anyway. */
export function shortened(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

export function ShortId({ value, what, of, keep = 6 }: ShortIdProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const short = shortened(value, keep);
  if (short === value) return <code className="font-mono text-xs">{value}</code>;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`The ${what} is copied.`);
    } catch {
      toast.error(`This browser did not allow copying; select the ${what} and copy it by hand.`);
    }
  };

  return (
    <span className="inline-grid justify-items-start gap-1">
      <span className="inline-flex items-center gap-1">
        <code className="font-mono text-xs" aria-hidden={open}>
          {short}
        </code>
        <button
          type="button"
          className="btn btn-ghost btn-xs px-1 font-normal underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Show'}
          <span className="sr-only">
            {' '}
            the whole {what} {of}
          </span>
        </button>
      </span>
      <span id={id} hidden={!open} className="max-w-64 rounded-box bg-base-200 p-2">
        <code className="block break-all font-mono text-xs select-all">{value}</code>
        <button type="button" className="btn btn-outline btn-xs mt-1 bg-base-100" onClick={() => void copy()}>
          Copy
          <span className="sr-only">
            {' '}
            the {what} {of}
          </span>
        </button>
      </span>
    </span>
  );
}
