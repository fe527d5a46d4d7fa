import { useId } from 'react';

/** The Pay button, off (with the reason in words) until the payment can go ahead. */
export function PayButton({ disabledReason, paying, ready }: { disabledReason: string | null; paying: boolean; ready: boolean }) {
  const id = useId();
  const off = !ready || paying || disabledReason !== null;
  return (
    <div className="grid gap-2">
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto sm:justify-self-start sm:px-12"
        disabled={off}
        aria-describedby={disabledReason ? id : undefined}
      >
        {paying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Pay
      </button>
      {disabledReason ? (
        <p id={id} role="status" className="text-sm text-base-content/80">
          {disabledReason}
        </p>
      ) : null}
    </div>
  );
}
