// Renders a public page to HTML at build time (docs/architecture.md, "Prerendered public pages"), so its
// text and hero paint before any script runs; the browser then hydrates the same tree.
// Only pages that look the same for everyone are prerendered: what depends on the session, the network or
// the catalogue renders its signed-out, online, still-loading state here and fills in after hydration.

import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createQueryClient } from './api/query-client';
import { AppTree } from './app-tree';
import { createAppRouter, leafRouteId, markServerRendered } from './router';
import {
  AUTH_SCREENS,
  DASHBOARD_FRAME_FILE,
  DASHBOARD_SCREENS,
  FRAMES_DIR,
  PRODUCT_FRAME_FIELDS,
  PRODUCT_FRAME_FILE,
  type AuthScreenPath,
  type DashboardScreenPath,
} from './contract/screen-frames';
import { AuthPanel } from './features/auth/auth-panel';
import { Spinner } from './ui/spinner';
import { FRAME_PRODUCT_ATTRIBUTES, ProductPreview } from './features/catalogue/product-preview';
import { DashboardFrame } from './features/dashboard/dashboard-frame';
import { QuickEntryLoading } from './features/order-pad/quick-entry-box';
import { AppFrame } from './ui/app-frame';
import { PICTURE_SIZES } from './ui/product-picture';

/** The page's HTML and the id of the route it shows, which the browser checks before hydrating. */
export async function prerender(url: string): Promise<{ html: string; routeId: string }> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  markServerRendered(router);
  await router.load();
  const html = renderToString(<AppTree router={router} provider={(children) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>} />);
  // The queries the render created hold garbage-collection timers that would keep the build's process alive.
  queryClient.clear();
  return { html, routeId: leafRouteId(router) };
}

/** A frame file (null for the shell, index.html), its HTML, and the attributes of its root element. */
export interface RenderedFrame {
  file: string | null;
  html: string;
  rootAttributes: Record<string, string>;
}

/**
 * What a dashboard screen shows the same for everyone while it loads, where its frame shows it too: its largest
 * text then paints with the frame, and stays in place when the app takes over. The other screens' frames
 * show a loading indicator.
 */
const LOADING_SCREENS: Partial<Record<DashboardScreenPath, ReactNode>> = {
  '/dashboard/order-pad': <QuickEntryLoading />,
};

/**
 * The frames shown until the app has rendered a screen that is not prerendered (src/ui/app-frame.tsx): the
 * shell's, each dashboard screen's, the sign-in screens' card without its form, and the purchase page's
 * template, whose fields the server fills in (docs/architecture.md, "Screen frames").
 */
export function prerenderFrames(): RenderedFrame[] {
  const dashboard = (Object.keys(DASHBOARD_SCREENS) as DashboardScreenPath[]).map((path) => ({
    file: `${FRAMES_DIR}/${DASHBOARD_SCREENS[path].file}`,
    html: renderToStaticMarkup(
      <AppFrame>
        <DashboardFrame path={path}>{LOADING_SCREENS[path]}</DashboardFrame>
      </AppFrame>,
    ),
    rootAttributes: {},
  }));
  // A loading indicator in place of the form: typed into before the app has rendered, a form would lose what was typed.
  const auth = (Object.keys(AUTH_SCREENS) as AuthScreenPath[]).map((path) => ({
    file: `${FRAMES_DIR}/${AUTH_SCREENS[path].file}`,
    html: renderToStaticMarkup(
      <AppFrame>
        <AuthPanel title={AUTH_SCREENS[path].title} intro={AUTH_SCREENS[path].intro}>
          <Spinner />
        </AuthPanel>
      </AppFrame>,
    ),
    rootAttributes: {},
  }));
  const fields = PRODUCT_FRAME_FIELDS;
  return [
    { file: null, html: renderToStaticMarkup(<AppFrame />), rootAttributes: {} },
    ...dashboard,
    ...auth,
    {
      file: `${FRAMES_DIR}/${DASHBOARD_FRAME_FILE}`,
      html: renderToStaticMarkup(
        <AppFrame>
          <DashboardFrame path={null} />
        </AppFrame>,
      ),
      rootAttributes: {},
    },
    {
      file: `${FRAMES_DIR}/${PRODUCT_FRAME_FILE}`,
      html: renderToStaticMarkup(
        <AppFrame>
          <ProductPreview name={fields.name} picture={{ src: fields.src, srcSet: fields.srcSet, sizes: PICTURE_SIZES.details }} />
        </AppFrame>,
      ),
      rootAttributes: {
        [FRAME_PRODUCT_ATTRIBUTES.id]: fields.id,
        [FRAME_PRODUCT_ATTRIBUTES.name]: fields.name,
        [FRAME_PRODUCT_ATTRIBUTES.picture]: fields.src,
      },
    },
  ];
}
