// A dashboard screen's container and title, from the one list the build's frames use too
// (src/contract/screen-frames.ts), so a screen's frame and the screen show the same title in the same place.

import type { ReactNode } from 'react';
import { DASHBOARD_SCREENS, type DashboardScreenPath } from '../../contract/screen-frames';
import { Page } from '../../ui/page';

export function DashboardScreen({ path, children }: { path: DashboardScreenPath; children?: ReactNode }) {
  const { title, wide } = DASHBOARD_SCREENS[path];
  return (
    <Page title={title} wide={wide}>
      {children}
    </Page>
  );
}
