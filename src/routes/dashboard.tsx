// The dashboard frame (the spec): the customer's, the sales rep's or the admin's items, the current one
// highlighted, and the nested screen beside them.

import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSession } from '../features/auth/session';
import { useLiveOrders, useLiveOrdersState } from '../features/admin/live-orders';
import { useAdminFlag } from '../features/auth/use-admin-flag';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { DashboardDrawer } from '../features/dashboard/dashboard-drawer';
import { DashboardMenu, isCurrent, menuItems, menuRole } from '../features/dashboard/dashboard-menu';
import { useOrderPad } from '../features/order-pad/use-order-pad';

const PAID_WAITING = { one: 'order to ship', many: 'orders to ship' };

export default function DashboardPage() {
  const admin = useAdminFlag();
  const { user } = useSession();
  // The profile says whether a non-admin is a sales rep, whose menu has no company, reviews or admin pages.
  const profile = useQuery({ ...userProfileQueryOptions(user?.email ?? ''), enabled: admin === false && user !== null });
  const role = menuRole(admin, profile.data, !profile.isPending || profile.failureCount > 0);
  const pad = useOrderPad(admin === false ? (user?.email ?? null) : null);
  // An admin's dashboard follows live orders for the count of paid orders waiting to ship.
  useLiveOrders();
  const { paidWaiting } = useLiveOrdersState();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The order pad's item counts the tools on the pad; Manage Orders the paid orders waiting to ship.
  const items =
    menuItems(role)?.map((item) => {
      if (item.to === '/dashboard/order-pad' && pad) return { ...item, count: pad.length };
      if (item.to === '/dashboard/manage-orders' && admin && paidWaiting !== null) return { ...item, count: paidWaiting, countNoun: PAID_WAITING };
      return item;
    }) ?? null;
  const current = items?.find((item) => isCurrent(item, pathname));
  return (
    <DashboardDrawer
      heading={admin ? 'Admin' : 'Dashboard'}
      current={current?.label}
      menu={(close) => <DashboardMenu items={items} pathname={pathname} onChoose={close} />}
    >
      <Outlet />
    </DashboardDrawer>
  );
}
