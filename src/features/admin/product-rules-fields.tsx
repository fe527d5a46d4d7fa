// The bulk-order rules of a tool (docs/architecture.md, "Orders and stock"): an optional maximum per order,
// a pack size and up to five volume prices. Add A Product and the product editor show the same fields; each form
// holds them at the top level (maxOrderQnt, packSize, priceTiers) and hands its form in with FormProvider.

import { useId } from 'react';
import { useFieldArray, useFormContext, type FieldError } from 'react-hook-form';
import { MAX_PRICE_TIERS } from '../../contract/constants';

export interface RuleFormValues {
  maxOrderQnt?: number | null | undefined;
  packSize?: number | undefined;
  priceTiers?: { minQnt: number; price: number }[] | undefined;
}

/** An optional number box: empty means "not set", anything else is checked by the schema as typed. */
export const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/** A tier row starts empty; NaN shows as an empty box and is refused by the schema until filled in. */
const EMPTY_TIER = { minQnt: Number.NaN, price: Number.NaN };

function Message({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-error">
      {error}
    </p>
  ) : null;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function ProductRulesFields() {
  const ids = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<RuleFormValues>();
  const tiers = useFieldArray({ control, name: 'priceTiers' });
  const maxError = errors.maxOrderQnt?.message;
  const packError = errors.packSize?.message;
  // A problem of the list as a whole (order, count, below the list price) is its root error.
  const tiersError = (errors.priceTiers?.root as FieldError | undefined)?.message ?? errors.priceTiers?.message;

  return (
    <fieldset className="grid gap-5 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">
        Bulk-order rules <span className="font-normal text-base-content/70">(optional)</span>
      </legend>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-max`} className="mb-1 block font-medium">
            Maximum per order
          </label>
          <input
            id={`${ids}-max`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={`input w-full ${maxError ? 'input-error' : ''}`}
            aria-invalid={Boolean(maxError)}
            aria-describedby={describedBy(`${ids}-max-hint`, maxError && `${ids}-max-error`)}
            {...register('maxOrderQnt', { setValueAs: optionalNumber })}
          />
          <p id={`${ids}-max-hint`} className="mt-1 text-xs text-base-content/70">
            Pieces; leave empty for no maximum beyond the stock
          </p>
          <Message id={`${ids}-max-error`} error={maxError} />
        </div>
        <div>
          <label htmlFor={`${ids}-pack`} className="mb-1 block font-medium">
            Pack size
          </label>
          <input
            id={`${ids}-pack`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={`input w-full ${packError ? 'input-error' : ''}`}
            aria-invalid={Boolean(packError)}
            aria-describedby={describedBy(`${ids}-pack-hint`, packError && `${ids}-pack-error`)}
            {...register('packSize', { setValueAs: optionalNumber })}
          />
          <p id={`${ids}-pack-hint`} className="mt-1 text-xs text-base-content/70">
            Sold in multiples of this; empty or 1 for any quantity
          </p>
          <Message id={`${ids}-pack-error`} error={packError} />
        </div>
      </div>

      <div className="grid gap-3">
        <div>
          {/* Not a heading: the form sits under the page's h1 in one place and a dialog's h2 in another. */}
          <p id={`${ids}-tiers`} className="font-medium">
            Volume prices
          </p>
          <p id={`${ids}-tiers-hint`} className="text-xs text-base-content/70">
            Up to {MAX_PRICE_TIERS}. Each from a larger quantity at a lower unit price, all below the list price.
          </p>
        </div>
        {tiers.fields.length > 0 ? (
          <ol className="grid gap-3" aria-labelledby={`${ids}-tiers`}>
            {tiers.fields.map((field, i) => {
              const minError = errors.priceTiers?.[i]?.minQnt?.message;
              const priceError = errors.priceTiers?.[i]?.price?.message;
              const minId = `${ids}-tier-${i}-min`;
              const priceId = `${ids}-tier-${i}-price`;
              return (
                <li key={field.id} className="grid gap-1">
                  {/* Two halves that wrap as wholes on a phone: "From [ ] pcs." over "at $ [ ] each". */}
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <span className="flex items-center gap-2">
                      <label htmlFor={minId} className="whitespace-nowrap">
                        From<span className="sr-only"> (tier {i + 1}), pcs.</span>
                      </label>
                      <input
                        id={minId}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        className={`input w-24 ${minError ? 'input-error' : ''}`}
                        aria-invalid={Boolean(minError)}
                        aria-describedby={describedBy(minError && `${minId}-error`)}
                        {...register(`priceTiers.${i}.minQnt`, { setValueAs: optionalNumber })}
                      />
                      <span aria-hidden="true">pcs.</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <label htmlFor={priceId} className="whitespace-nowrap">
                        at $<span className="sr-only"> each (tier {i + 1})</span>
                      </label>
                      <input
                        id={priceId}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        className={`input w-24 ${priceError ? 'input-error' : ''}`}
                        aria-invalid={Boolean(priceError)}
                        aria-describedby={describedBy(priceError && `${priceId}-error`)}
                        {...register(`priceTiers.${i}.price`, { setValueAs: optionalNumber })}
                      />
                      <span aria-hidden="true">each</span>
                    </span>
                    <button type="button" className="btn btn-ghost btn-sm min-h-11 text-error" onClick={() => tiers.remove(i)}>
                      Remove <span className="sr-only">tier {i + 1}</span>
                    </button>
                  </div>
                  <Message id={`${minId}-error`} error={minError} />
                  <Message id={`${priceId}-error`} error={priceError} />
                </li>
              );
            })}
          </ol>
        ) : null}
        {tiersError ? (
          <p className="text-sm text-error" role="alert">
            {tiersError}
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            disabled={tiers.fields.length >= MAX_PRICE_TIERS}
            aria-describedby={`${ids}-tiers-hint`}
            onClick={() => tiers.append(EMPTY_TIER)}
          >
            Add a price tier
          </button>
        </div>
      </div>
    </fieldset>
  );
}
