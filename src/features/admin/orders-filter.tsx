// The toolbar of Manage Orders: the order search every list of orders has (src/ui/order-search.tsx), in
// the admin's words: it also finds the customer by name or e-mail, and a paid order's status is Pending.

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
