// My Orders as a company sees it (docs/decisions/040-dealer-companies.md): a company's admin, or a buyer who
// sees all of the company's orders, has orders placed by others in the list. Each row then says who placed
// it, and the list narrows by who placed it and by the location it goes to, asked of the server. The
// choices are read from the whole list, which My Orders holds anyway (and keeps for reading offline).
// An order a sales rep placed for the company says so; a rep's own list names the company of each order.

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

/** Whose list it is: the company's view (orders placed by others in it), and a sales rep's, whose orders are for its companies. */
export interface OrdersViewer {
  company: boolean;
  rep: boolean;
}

/**
 * What a row says under its product: who placed it (the company's view, and always a sales rep), the
 * company it was for (a rep's own list), and the location it goes to.
 */
export function placedByText(order: Order, viewer: OrdersViewer): string | null {
  const placer = order.placedByRep ? `Placed by rep ${order.userName}` : `Placed by ${order.userName}`;
  if (viewer.rep) {
    const forCompany = order.companyName ? `${placer} for ${order.companyName}` : placer;
    return `${forCompany} · ${order.locationName ?? 'Another address'}`;
  }
  const named = viewer.company || order.placedByRep === true;
  const placedBy = named ? placer : null;
  const location = order.locationName ? `To ${order.locationName}` : named ? 'To another address' : null;
  return placedBy || location ? [placedBy, location].filter(Boolean).join(' · ') : null;
}

/** Under the product of a row: who placed it and for which company, and the location it goes to (placedByText). */
export function PlacedByLine({ order, viewer }: { order: Order; viewer: OrdersViewer }) {
  const text = placedByText(order, viewer);
  if (!text) return null;
  return (
    <span className="mt-1 block text-xs text-base-content/80" data-testid="order-placed-by">
      {text}
    </span>
  );
}
