// The toolbar of Manage Orders: the order search every list of orders has (src/ui/order-search.tsx), in
// the admin's words: it also finds the customer by name or e-mail, and a paid order's status is Pending;
// and the dealer's company and the location an order goes to, by part of their names.

import { useId, useState } from 'react';
import { ADMIN_ORDERS_SEARCH_MAX_LENGTH } from '../../contract/order';
import { adminStatusLabel } from '../../contract/order-status';
import { OrderSearchForm, type OrderSearchValue } from '../../ui/order-search';

export type OrdersFilterValue = OrderSearchValue;

export function OrdersFilter({ value, onChange }: { value: OrdersFilterValue; onChange: (next: OrdersFilterValue) => void }) {
  return (
    <OrderSearchForm
      value={value}
      onChange={onChange}
      searchLabel="Search by order, customer, e-mail or tool"
      placeholder="O-2026-00042, Dana, dealer@example.com or a SKU"
      statusLabel={adminStatusLabel}
    />
  );
}

/** Manage Orders' company and location filter: part of either name, applied with Filter (or at once when both are cleared). */
export interface CompanyFilterValue {
  company: string;
  location: string;
}

export const NO_COMPANY_FILTER: CompanyFilterValue = { company: '', location: '' };

export function CompanyFilter({ value, onChange }: { value: CompanyFilterValue; onChange: (next: CompanyFilterValue) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  const applied = value.company !== '' || value.location !== '';
  const apply = (next: CompanyFilterValue) => onChange({ company: next.company.trim(), location: next.location.trim() });
  const type = (next: CompanyFilterValue) => {
    setTyped(next);
    if (next.company.trim() === '' && next.location.trim() === '' && applied) apply(next);
  };
  return (
    <form
      role="search"
      aria-label="Orders by company and location"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply(typed);
      }}
    >
      <label className="grid gap-1" htmlFor={`${id}-company`}>
        <span className="font-medium">Company</span>
        <input
          id={`${id}-company`}
          type="search"
          className="input w-full"
          placeholder="Part of the company’s name"
          maxLength={ADMIN_ORDERS_SEARCH_MAX_LENGTH}
          value={typed.company}
          onChange={(event) => type({ ...typed, company: event.target.value })}
        />
      </label>
      <label className="grid gap-1" htmlFor={`${id}-location`}>
        <span className="font-medium">Location</span>
        <input
          id={`${id}-location`}
          type="search"
          className="input w-full"
          placeholder="Part of the location’s name"
          maxLength={ADMIN_ORDERS_SEARCH_MAX_LENGTH}
          value={typed.location}
          onChange={(event) => type({ ...typed, location: event.target.value })}
        />
      </label>
      <button type="submit" className="btn btn-outline btn-primary">
        Filter
      </button>
    </form>
  );
}
