// A dashboard screen's frame (docs/architecture.md, "Screen frames"): the dashboard's layout with its menu
// still empty (its items depend on the role the server confirms) and the screen's title, or a loading
// indicator where the title names what the screen loads. Under the title, a loading indicator, or what the
// screen shows the same for everyone while it loads (src/prerender.tsx). The build renders it into the
// screen's frame file.

import type { ReactNode } from 'react';
import { Spinner } from '../../ui/spinner';
import { DASHBOARD_SCREENS, type DashboardScreenPath } from '../../contract/screen-frames';
import { DashboardDrawer } from './dashboard-drawer';
import { DashboardScreen } from './dashboard-screen';

export function DashboardFrame({ path, children = <Spinner /> }: { path: DashboardScreenPath | null; children?: ReactNode }) {
  return (
    <DashboardDrawer heading="" current={path ? DASHBOARD_SCREENS[path].title : undefined} menu={() => null}>
      {path ? <DashboardScreen path={path}>{children}</DashboardScreen> : <Spinner />}
    </DashboardDrawer>
  );
}
