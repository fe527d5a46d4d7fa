// The toolbar of Manage Orders: a status filter and a search by e-mail or product (search-box.tsx).

import { useId } from 'react';
import { ADMIN_ORDERS_SEARCH_MAX_LENGTH } from '../../contract/order';
import { adminStatusLabel, ORDER_STATUSES, type OrderStatus } from '../../contract/order-status';
import { SearchBox, type SearchValue } from './search-box';

export interface OrdersFilterValue extends SearchValue {
  status: OrderStatus | '';
}

export function OrdersFilter({ value, onChange }: { value: OrdersFilterValue; onChange: (next: OrdersFilterValue) => void }) {
  const ids = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div>
        <label htmlFor={`${ids}-status`} className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id={`${ids}-status`}
          className="select w-full md:w-44"
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value as OrderStatus | '' })}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {adminStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <SearchBox
        label="Search by e-mail or product"
        placeholder="dealer@example.com or drill"
        maxLength={ADMIN_ORDERS_SEARCH_MAX_LENGTH}
        value={value}
        onChange={(search) => onChange({ ...value, ...search })}
      />
    </div>
  );
}
