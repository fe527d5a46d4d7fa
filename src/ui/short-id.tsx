// A long id in a narrow cell (a payment processor's transaction id): its first and last characters, and a
// Show button that opens the whole value, with Copy, in a popover. The popover is drawn above the page,
// so opening it never widens the table; the button says what it opens and for which row, Escape or a click
// elsewhere closes it, and the whole value can be selected by hand where copying is refused.

import { useId } from 'react';
import { toast } from './toast';

export interface ShortIdProps {
  value: string;
  /** What the value is, in words: "transaction id". */
  what: string;
  /** Which row it belongs to, for the buttons' names: "of O-2026-00042". */
  of: string;
  /** Characters kept at each end. */
  keep?: number;
}

/** `pi_3Nab…9xQz`: the ends of a value, which is shown whole when it is short anyway. */
export function shortened(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

export function ShortId({ value, what, of, keep = 6 }: ShortIdProps) {
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
    <span className="inline-grid justify-items-start gap-0.5">
      {/* The ends above their button, so the cell stays as narrow as the ends are. */}
      <code className="whitespace-nowrap font-mono text-xs">{short}</code>
      <button type="button" className="btn btn-ghost btn-sm h-auto min-h-0 px-1 py-1 text-xs font-normal underline" popoverTarget={id}>
        Show
        <span className="sr-only">
          {' '}
          the whole {what} {of}
        </span>
      </button>
      <span
        id={id}
        popover="auto"
        role="group"
        aria-label={`The whole ${what} ${of}`}
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-box border border-base-300 bg-base-100 p-4 text-base-content shadow-xl"
      >
        <span className="block text-sm font-medium first-letter:uppercase">
          {what} {of}
        </span>
        <code className="mt-2 block break-all select-all rounded bg-base-200 p-2 font-mono text-sm">{value}</code>
        <span className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void copy()}>
            Copy
            <span className="sr-only">
              {' '}
              the {what} {of}
            </span>
          </button>
          <button type="button" className="btn btn-sm" popoverTarget={id} popoverTargetAction="hide">
            Close
          </button>
        </span>
      </span>
    </span>
  );
}
