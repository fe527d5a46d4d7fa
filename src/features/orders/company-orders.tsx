// My Orders as a company sees it (docs/decisions/040-dealer-companies.md): a company's admin, or a buyer who
// sees all of the company's orders, has orders placed by others in the list. Each row then says who placed
// it, and the list narrows by who placed it and by the location it goes to, asked of the server. The
// choices are read from the whole list, which My Orders holds anyway (and keeps for reading offline).

import type { Order } from '../../contract/order';

export interface CompanyOrdersFilter {
  /** An account's id, or '' for everyone. */
  placedBy: string;
  /** A location's id, or '' for every delivery. */
  locationId: string;
}

export const NO_COMPANY_FILTER: CompanyOrdersFilter = { placedBy: '', locationId: '' };

export interface CompanyOrdersView {
  /** Someone else's order is in the list: the company's view, with who placed each. */
  company: boolean;
  /** Who placed the orders, by name, for the filter. */
  placers: { id: string; name: string }[];
  /** The locations the orders went to, by name, for the filter. */
  locations: { id: string; name: string }[];
}

/** What the whole list says about the viewer: whether it is the company's view, and its people and locations. */
export function companyOrdersView(orders: readonly Order[], email: string): CompanyOrdersView {
  const placers = new Map<string, string>();
  const locations = new Map<string, string>();
  let others = false;
  for (const order of orders) {
    if (order.userEmail.toLowerCase() !== email.toLowerCase()) others = true;
    if (order.userId && !placers.has(order.userId)) placers.set(order.userId, order.userName);
    if (order.locationId && !locations.has(order.locationId)) locations.set(order.locationId, order.locationName ?? '');
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    company: others,
    placers: [...placers].map(([id, name]) => ({ id, name })).sort(byName),
    locations: [...locations].map(([id, name]) => ({ id, name })).sort(byName),
  };
}

export const isCompanyFiltered = (filter: CompanyOrdersFilter): boolean => filter.placedBy !== '' || filter.locationId !== '';

/** The query's part of the filter: only what is chosen. */
export function companyFilterQuery(filter: CompanyOrdersFilter): { placedBy?: string; locationId?: string } {
  return { ...(filter.placedBy ? { placedBy: filter.placedBy } : {}), ...(filter.locationId ? { locationId: filter.locationId } : {}) };
}

export interface CompanyOrderFiltersProps {
  view: CompanyOrdersView;
  value: CompanyOrdersFilter;
  onChange: (next: CompanyOrdersFilter) => void;
}

/** "Placed by" for the company's view, and "Location" where the orders went to more than one place (or for the company's view). */
export function CompanyOrderFilters({ view, value, onChange }: CompanyOrderFiltersProps) {
  const byPlacer = view.company && view.placers.length > 1;
  const byLocation = view.locations.length > 1 || (view.company && view.locations.length > 0);
  if (!byPlacer && !byLocation) return null;
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl" data-testid="company-order-filters">
      {byPlacer ? (
        <label className="grid gap-1">
          <span className="font-medium">Placed by</span>
          <select className="select w-full" value={value.placedBy} onChange={(event) => onChange({ ...value, placedBy: event.target.value })}>
            <option value="">Everyone</option>
            {view.placers.map((placer) => (
              <option key={placer.id} value={placer.id}>
                {placer.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {byLocation ? (
        <label className="grid gap-1">
          <span className="font-medium">Location</span>
          <select className="select w-full" value={value.locationId} onChange={(event) => onChange({ ...value, locationId: event.target.value })}>
            <option value="">All locations</option>
            {view.locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}

/** Under the product of a row: who placed it (the company's view) and the location it goes to. */
export function PlacedByLine({ order, company }: { order: Order; company: boolean }) {
  const placedBy = company ? `Placed by ${order.userName}` : null;
  const location = order.locationName ? `To ${order.locationName}` : company ? 'To another address' : null;
  if (!placedBy && !location) return null;
  return (
    <span className="mt-1 block text-xs text-base-content/80" data-testid="order-placed-by">
      {[placedBy, location].filter(Boolean).join(' · ')}
    </span>
  );
}
