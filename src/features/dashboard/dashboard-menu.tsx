// The dashboard's items (the spec): the customer's, the sales rep's or the admin's, the current one marked.

import { Link } from '@tanstack/react-router';
import { formatCount } from '../../contract/pricing';
import { DASHBOARD_SCREENS, type DashboardScreenPath } from '../../contract/screen-frames';

export interface MenuItem {
  to: DashboardScreenPath;
  label: string;
  /** Other paths that belong to this item, e.g. paying an order belongs to My Orders. */
  also?: string;
  /** How many things the item holds (the tools on the order pad), shown beside its label. */
  count?: number;
  /** What `count` counts, for screen readers; tools by default. */
  countNoun?: { one: string; many: string };
}

/** An item is labelled with its screen's title. */
const item = (to: DashboardScreenPath, also?: string): MenuItem => ({ to, label: DASHBOARD_SCREENS[to].title, ...(also ? { also } : {}) });

const customerItems: MenuItem[] = [
  item('/dashboard'),
  item('/dashboard/my-company'),
  item('/dashboard/my-orders', '/dashboard/payment/'),
  item('/dashboard/invoices'),
  item('/dashboard/order-pad'),
  item('/dashboard/quotes'),
  item('/dashboard/add-review'),
  item('/dashboard/this-device'),
];

/** A sales rep orders for its companies: no company of its own, no reviews, no admin page (docs/decisions/043-sales-reps.md). */
const repItems: MenuItem[] = [
  item('/dashboard'),
  item('/dashboard/my-orders', '/dashboard/payment/'),
  item('/dashboard/order-pad'),
  item('/dashboard/quotes'),
  item('/dashboard/this-device'),
];

const adminItems: MenuItem[] = [
  item('/dashboard/sales'),
  item('/dashboard'),
  item('/dashboard/manage-users'),
  item('/dashboard/companies'),
  item('/dashboard/add-product'),
  item('/dashboard/manage-orders'),
  item('/dashboard/quotes'),
  item('/dashboard/receivables'),
  item('/dashboard/price-lists'),
  item('/dashboard/tax-rates'),
  item('/dashboard/manage-products'),
  item('/dashboard/manage-reviews'),
  item('/dashboard/audit-log'),
  item('/dashboard/settings'),
];

/** Whose menu it is, as the server says; null while it is not known. */
export type MenuRole = 'admin' | 'rep' | 'customer' | null;

/**
 * The role from the server's admin flag and the profile's rep flag: a non-admin's menu waits for its profile
 * (kept on the device, so offline too), and is the customer's when the profile cannot be read.
 */
export function menuRole(admin: boolean | null, profile: { rep?: boolean | undefined } | undefined, profileSettled: boolean): MenuRole {
  if (admin === null) return null;
  if (admin) return 'admin';
  if (profile) return profile.rep === true ? 'rep' : 'customer';
  return profileSettled ? 'customer' : null;
}

/** The items for the server's role; null while it is not known. */
export function menuItems(role: MenuRole): MenuItem[] | null {
  if (role === null) return null;
  return role === 'admin' ? adminItems : role === 'rep' ? repItems : customerItems;
}

export function isCurrent(item: MenuItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/u, '') || '/';
  if (item.to === '/dashboard') return path === '/dashboard';
  return path === item.to || path.startsWith(`${item.to}/`) || (item.also !== undefined && path.startsWith(item.also));
}

const TOOLS = { one: 'tool', many: 'tools' };

/** The number beside an item's label (tools on the pad, paid orders waiting to ship), read with its noun. */
export function MenuCountBadge({ count, noun }: { count: number; noun: { one: string; many: string } }) {
  return (
    <span className={`badge badge-sm ml-auto tabular-nums ${count > 0 ? 'badge-primary' : 'badge-ghost'}`}>
      {formatCount(count)}
      <span className="sr-only"> {count === 1 ? noun.one : noun.many}</span>
    </span>
  );
}

export interface DashboardMenuProps {
  items: MenuItem[] | null;
  pathname: string;
  /** An item was chosen (the drawer closes). */
  onChoose: () => void;
}

export function DashboardMenu({ items, pathname, onChoose }: DashboardMenuProps) {
  if (!items) {
    return (
      <div className="grid gap-2 px-1" role="status">
        <span className="sr-only">Loading the menu</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton h-11 w-full" />
        ))}
      </div>
    );
  }
  return (
    <ul className="menu w-full gap-1 p-0 text-base">
      {items.map((item) => {
        const active = isCurrent(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              // The router marks a link current itself; My Profile is current only on its own path.
              activeOptions={{ exact: item.to === '/dashboard' }}
              className={`min-h-11 items-center ${active ? 'menu-active font-semibold' : ''}`}
              aria-current={active ? 'page' : undefined}
              onClick={onChoose}
            >
              {item.label}
              {item.count !== undefined ? <MenuCountBadge count={item.count} noun={item.countNoun ?? TOOLS} /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
