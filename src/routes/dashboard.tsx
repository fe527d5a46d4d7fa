import { Link, Outlet } from '@tanstack/react-router';
import { useSession } from '../features/auth/session';

const customerItems = [
  { to: '/dashboard', label: 'My Profile' },
  { to: '/dashboard/my-orders', label: 'My Orders' },
  { to: '/dashboard/add-review', label: 'Add Review' },
] as const;

const adminItems = [
  { to: '/dashboard', label: 'My Profile' },
  { to: '/dashboard/manage-users', label: 'Make Admin' },
  { to: '/dashboard/add-product', label: 'Add A Product' },
  { to: '/dashboard/manage-orders', label: 'Manage Orders' },
  { to: '/dashboard/manage-products', label: 'Manage Products' },
] as const;

export default function DashboardPage() {
  const { admin } = useSession();
  const items = admin ? adminItems : customerItems;
  return (
    <div className="mx-auto flex max-w-7xl gap-6 px-4">
      <nav aria-label="Dashboard" className="w-56 shrink-0 py-10">
        <ul className="menu rounded-box bg-base-200">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} activeOptions={{ exact: true }} activeProps={{ className: 'menu-active', 'aria-current': 'page' }}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
