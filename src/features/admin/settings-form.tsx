// Settings: how the shop takes new customers. "Order at once" keeps registration as it always was (the
// company is approved and pays by card); "apply and wait" asks for the company's details and an admin's
// approval before the first order. Saving needs the network.

import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { toasts } from '../../contract/messages';
import type { ShopSettings } from '../../contract/company-admin';
import { NEW_CUSTOMERS, type NewCustomers } from '../../contract/config';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { useUpdateShopSettings } from './shop-settings';

export const NEW_CUSTOMER_CHOICES: Record<NewCustomers, { label: string; hint: string }> = {
  order_at_once: {
    label: 'New customers order at once, paying by card',
    hint: 'A new account’s company is approved when it registers, as it always was.',
  },
  apply_and_wait: {
    label: 'New customers apply and wait for approval',
    hint: 'Registration asks for the company’s details; its people order once you approve it on Companies.',
  },
};

export function SettingsForm({ settings, online }: { settings: ShopSettings; online: boolean }) {
  const id = useId();
  const update = useUpdateShopSettings();
  const [choice, setChoice] = useState<NewCustomers>(settings.newCustomers);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = choice !== settings.newCustomers;

  const submit = async () => {
    setFailure(null);
    try {
      await update.mutateAsync({ newCustomers: choice });
      toast.success('The settings are saved');
    } catch (error) {
      setFailure(errorMessage(error));
      toast.error(toasts.tryAgain);
    }
  };

  return (
    <form
      noValidate
      className="grid gap-5"
      aria-busy={update.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">New customers</legend>
        {NEW_CUSTOMERS.map((value) => (
          <label
            key={value}
            htmlFor={`${id}-${value}`}
            className={`flex cursor-pointer items-start gap-3 rounded-box border p-4 ${choice === value ? 'border-primary bg-primary/5' : 'border-base-300'}`}
          >
            <input
              id={`${id}-${value}`}
              type="radio"
              name="newCustomers"
              className="radio radio-primary mt-0.5"
              value={value}
              checked={choice === value}
              aria-describedby={`${id}-${value}-hint`}
              onChange={() => setChoice(value)}
            />
            <span className="grid gap-1">
              <span className="font-medium">{NEW_CUSTOMER_CHOICES[value].label}</span>
              <span id={`${id}-${value}-hint`} className="text-sm text-base-content/70">
                {NEW_CUSTOMER_CHOICES[value].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      <SaveBar id={id} label="Save settings" online={online} saving={update.isPending} dirty={dirty} />
    </form>
  );
}
