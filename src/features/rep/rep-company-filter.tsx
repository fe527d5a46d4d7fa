// My Orders for a sales rep with more than one company: the list narrowed to one of them. The rep's whole
// list is on the screen already (and kept for reading offline), so it is narrowed here, online or not.

import type { Order } from '../../contract/order';
import type { RepCompany } from '../../contract/sales-rep';

/** The orders for `companyId`, or all of them for ''. */
export function ordersForCompany<T extends Pick<Order, 'companyId'>>(orders: readonly T[], companyId: string): T[] {
  return companyId === '' ? [...orders] : orders.filter((order) => order.companyId === companyId);
}

/** The name of one of the rep's companies by its id (a saved order says which company it is for). */
export const repCompanyName =
  (companies: readonly RepCompany[] | undefined) =>
  (companyId: string): string | undefined =>
    companies?.find((company) => company.id === companyId)?.name;

export interface RepCompanyFilterProps {
  companies: readonly RepCompany[] | undefined;
  /** A company's id, or '' for every company. */
  value: string;
  onChange: (companyId: string) => void;
}

/** Nothing for a rep with one company or none. */
export function RepCompanyFilter({ companies, value, onChange }: RepCompanyFilterProps) {
  if (!companies || companies.length < 2) return null;
  return (
    <label className="mb-4 grid gap-1 sm:max-w-sm" data-testid="rep-company-filter">
      <span className="font-medium">Company</span>
      <select className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All companies</option>
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
    </label>
  );
}
