// Renders a public page to HTML at build time (docs/architecture.md, "Prerendered public pages"), so its
// text and hero paint before any script runs; the browser then hydrates the same tree.
// Only pages that look the same for everyone are prerendered: what depends on the session, the network or
// the catalogue renders its signed-out, online, still-loading state here and fills in after hydration.

import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createQueryClient } from './api/query-client';
import { AppTree } from './app-tree';
import { createAppRouter, leafRouteId, markServerRendered } from './router';
import { AppFrame } from './ui/app-frame';

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

/** The frame the shell shows until the app has rendered a screen that is not prerendered (src/ui/app-frame.tsx). */
export function prerenderFrame(): string {
  return renderToStaticMarkup(<AppFrame />);
}
