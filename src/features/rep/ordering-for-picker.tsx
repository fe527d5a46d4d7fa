// "Ordering for": the sales rep's choice of the company an order is for, above the delivery of the order
// pad and of the purchase page. The company's locations then fill the form's "Deliver to" (its default to
// start with); a company the shop has not approved is listed but cannot be chosen. The choice is
// remembered on the device for this rep, so the next order starts from it (ordering-for.ts).

import { useState } from 'react';
import type { Location } from '../../contract/dealer-company';
import type { RepCompany } from '../../contract/sales-rep';
import { FormField } from '../../ui/form-field';
import type { OrderingForSlot } from '../../ui/location-picker';
import { cannotOrderReason, companyLabel, isOrderable, locationFor, rememberChoice, rememberedChoice, startingChoice, type OrderingFor } from './ordering-for';

const NO_LOCATIONS: readonly Location[] = [];

export interface OrderingForState {
  /** What the order is for now; null while the rep has no company that may order. */
  choice: OrderingFor | null;
  company: RepCompany | null;
  /** The chosen company's locations, for the form's "Deliver to". */
  locations: readonly Location[];
  chooseCompany: (companyId: string) => void;
  chooseLocation: (location: string) => void;
}

/** The rep's choice over its companies (undefined while unknown), starting from the one remembered for `email`. */
export function useOrderingFor(email: string, companies: readonly RepCompany[] | undefined): OrderingForState {
  const [chosen, setChosen] = useState<OrderingFor | null>(null);
  const list = companies ?? [];
  // A company unassigned or no longer approved since it was chosen gives way to the next one that may order.
  const current = chosen && list.some((company) => company.id === chosen.companyId && isOrderable(company)) ? chosen : null;
  const choice = current ?? startingChoice(list, rememberedChoice(email));
  const company = list.find((candidate) => candidate.id === choice?.companyId) ?? null;
  const choose = (next: OrderingFor) => {
    setChosen(next);
    rememberChoice(email, next);
  };
  return {
    choice,
    company,
    locations: company?.locations ?? NO_LOCATIONS,
    chooseCompany: (companyId) => {
      const next = list.find((candidate) => candidate.id === companyId);
      if (next && isOrderable(next)) choose({ companyId, location: locationFor(next, rememberedChoice(email)) });
    },
    chooseLocation: (location) => {
      if (choice) choose({ ...choice, location });
    },
  };
}

export interface OrderingForPickerProps {
  id: string;
  companies: readonly RepCompany[] | undefined;
  state: OrderingForState;
}

/** The company select, or the note that says why the rep cannot order yet. */
export function OrderingForPicker({ id, companies, state }: OrderingForPickerProps) {
  const reason = cannotOrderReason(companies);
  if (reason || !companies || !state.choice) {
    return (
      <p role="status" className="rounded-box bg-warning/20 px-4 py-3 text-sm" data-testid="ordering-for-note">
        {reason ?? 'None of your companies can order yet: each must be approved by the shop first.'}
      </p>
    );
  }
  return (
    <FormField id={id} label="Ordering for">
      <select id={id} className="select w-full" value={state.choice.companyId} onChange={(event) => state.chooseCompany(event.target.value)}>
        {companies.map((company) => (
          <option key={company.id} value={company.id} disabled={!isOrderable(company)}>
            {companyLabel(company)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** What the order pad and the purchase page take for a rep's order: the choice, its picker, and why it cannot be placed. */
export function orderingForSlot(id: string, companies: readonly RepCompany[] | undefined, state: OrderingForState): OrderingForSlot {
  return {
    companyId: state.choice?.companyId ?? null,
    picker: <OrderingForPicker id={id} companies={companies} state={state} />,
    startLocation: state.choice?.location,
    onLocationChange: state.chooseLocation,
    cannotPlace: state.choice ? null : (cannotOrderReason(companies) ?? 'Choose the company you are ordering for.'),
  };
}
