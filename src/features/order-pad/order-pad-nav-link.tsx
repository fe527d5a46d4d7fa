// The navbar's way to the order pad for signed-in customers, with how many tools are on it. Admins cannot
// order, so they do not get it.

import { Link } from '@tanstack/react-router';
import { formatCount } from '../../contract/pricing';
import { useSession } from '../auth/session';
import { useOrderPad } from './use-order-pad';

export function OrderPadNavLink() {
  const { user, admin } = useSession();
  const lines = useOrderPad(user && admin !== true ? user.email : null);
  if (!user || admin === true) return null;
  const count = lines?.length ?? 0;
  return (
    <Link
      to="/dashboard/order-pad"
      className="btn btn-ghost btn-sm min-h-11 gap-1.5 px-2 font-semibold"
      // daisyUI paints an aria-current button grey, where the orange text falls below 4.5:1; keep it on white.
      activeProps={{ 'aria-current': 'page', className: '!bg-transparent !border-transparent text-primary' }}
      data-testid="nav-order-pad"
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M9 4h6M9 4a2 2 0 0 0-2 2H6a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-1a2 2 0 0 0-2-2M9 11h6M9 15h4" />
      </svg>
      <span className="hidden sm:inline">Order Pad</span>
      <span className="sr-only sm:hidden">Order Pad</span>
      <span className="badge badge-sm badge-primary tabular-nums">
        <span aria-hidden="true">{formatCount(count)}</span>
        <span className="sr-only">({count === 1 ? '1 tool' : `${formatCount(count)} tools`})</span>
      </span>
    </Link>
  );
}
