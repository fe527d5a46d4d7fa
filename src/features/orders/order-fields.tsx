// The fields of an order (the spec): address, phone and the quantity, each with its message
// under it. The purchase form and the edit of a saved order show the same fields; while the purchase form
// delivers to one of the company's locations, the address and phone are the location's and not shown.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { purchaseFormSchema, type PurchaseForm } from '../../contract/order';
import type { QuantityTerms } from '../../contract/quantity-rules';
import { AddressField, FormField, PhoneField, fieldAria } from '../../ui/form-field';

/** The form state of an order: the quantity as the tool's rules allow it (quantity-rules.ts), each field checked once it was left. */
export function useOrderForm(terms: QuantityTerms, defaultValues: PurchaseForm) {
  const { minOrderQnt, availableQnt, maxOrderQnt, packSize } = terms;
  const schema = useMemo(() => purchaseFormSchema({ minOrderQnt, availableQnt, maxOrderQnt, packSize }), [minOrderQnt, availableQnt, maxOrderQnt, packSize]);
  return useForm<PurchaseForm>({ resolver: valibotResolver(schema), mode: 'onTouched', defaultValues });
}

export interface OrderFieldsProps {
  idPrefix: string;
  register: UseFormRegister<PurchaseForm>;
  errors: FieldErrors<PurchaseForm>;
  /** Show the address and phone fields (the default); false while a company location is the delivery. */
  contact?: boolean;
  quantity: {
    min: number;
    max: number;
    /** The pack size: the arrows of the box go from pack to pack. */
    step?: number;
    error: string | undefined;
    /** Checked as the customer types, so its message is announced at once. */
    live?: boolean;
  };
}

export function OrderFields({ idPrefix, register, errors, contact = true, quantity }: OrderFieldsProps) {
  const quantityId = `${idPrefix}-quantity`;
  return (
    <>
      {contact ? <AddressField id={`${idPrefix}-address`} error={errors.userAddress?.message} field={register('userAddress')} /> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        {contact ? <PhoneField id={`${idPrefix}-phone`} error={errors.userPhone?.message} field={register('userPhone')} /> : null}
        <FormField id={quantityId} label="Order quantity (pcs.)" error={quantity.error} alert={quantity.live}>
          <input
            {...fieldAria(quantityId, quantity.error)}
            type="number"
            inputMode="numeric"
            min={quantity.min}
            max={quantity.max}
            step={quantity.step ?? 1}
            className={`input w-full ${quantity.error ? 'input-error' : ''}`}
            {...register('orderQuantity', { valueAsNumber: true })}
          />
        </FormField>
      </div>
    </>
  );
}
