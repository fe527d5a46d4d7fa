// Boot: query client with its persister, session-expiry handling, router, toasts.

import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ACCESS_TOKEN_KEY } from './api/client';
import { createQueryClient } from './api/query-client';
import { persistQueries } from './api/query-persister';
import { isAuthFailure } from './api/errors';
import { PUBLIC_QUERY_ROOTS } from './api/query-keys';
import { syncSessionWithFirebase } from './features/auth/firebase-session-sync';
import { getSession, onSessionExpired, reportSessionExpired, sessionOwner, subscribeSession, syncTokenCopy } from './features/auth/session';
import { signOutEverywhere } from './features/auth/sign-out';
import { AppTree } from './app-tree';
import { createAppRouter, leafRouteId, markServerRendered } from './router';
import { stopKeepingEarlyClicks } from './ui/early-clicks';
import { nextTask } from './ui/next-task';
import './styles.css';

/**
 * The app's start, in a few short tasks rather than one long one: the modules are evaluated in the first,
 * and setting up the router and restoring the saved queries each get a task of their own, so the browser may
 * paint or answer a tap between them (docs/performance.md).
 */
async function boot(): Promise<void> {
  const queryClient = createQueryClient();
  await nextTask();
  const router = createAppRouter(queryClient);

  // A 401/403 on a read signs the user out and sends them to /login, remembering the page
  // (docs/architecture.md, "Identity and access").
  queryClient.getQueryCache().config.onError = (error) => {
    if (isAuthFailure(error)) reportSessionExpired();
  };
  let expiring = false;
  onSessionExpired(() => {
    if (expiring) return;
    expiring = true;
    // latestLocation is the page being opened when the refusal came from a guard's own fetch.
    const here = router.latestLocation;
    void signOutEverywhere()
      .then(() => (here.pathname === '/login' ? undefined : router.navigate({ to: '/login', search: { redirect: here.href }, replace: true })))
      .finally(() => {
        expiring = false;
      });
  });

  // When the session ends, the previous user's cached data goes with it. The public catalogue and
  // reviews stay: removing them would cancel their requests under an open page and leave its spinners.
  let sessionEmail = getSession().user?.email ?? null;
  subscribeSession(() => {
    const email = getSession().user?.email ?? null;
    if (email === sessionEmail) return;
    if (sessionEmail !== null) queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) });
    sessionEmail = email;
  });
  // Ended elsewhere (another tab, or Firebase no longer has the user): the guards run again on the open page.
  // Logout, expiry and the guards navigate on their own and are not repeated here.
  window.addEventListener('storage', (event) => {
    if ((event.key === ACCESS_TOKEN_KEY || event.key === null) && !getSession().user) void router.invalidate();
  });
  syncSessionWithFirebase(() => void signOutEverywhere().then(() => router.invalidate()));
  void syncTokenCopy();

  await nextTask();
  // The saved queries are restored before the first render, so hydration starts from them: restoring while
  // hydrating would change a context under the whole page and make React hydrate it in one long task.
  // Only the signed-in account's own saved answers are restored (docs/decisions/029-a-shared-counter-tablet.md).
  const restored = persistQueries(queryClient, sessionOwner);

  const app = <AppTree router={router} provider={(children) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>} />;

  // A prerendered public page (docs/architecture.md, "Prerendered public pages") is hydrated once its route's
  // code is loaded, when the browser shows the route it was rendered for; anything else renders afresh.
  const container = document.getElementById('root') as HTMLElement;
  const prerenderedRoute = container.dataset.prerenderedRoute;
  if (prerenderedRoute) {
    // A failed load (the route's code unreachable) renders afresh, so the router can show its error.
    void Promise.all([router.load(), restored])
      .then(
        () => leafRouteId(router) === prerenderedRoute,
        () => false,
      )
      .then((hydrate) => {
        if (hydrate) {
          markServerRendered(router);
          stopKeepingEarlyClicks();
          // At transition priority React hydrates in slices of a few milliseconds, yielding to the browser
          // between them, instead of in one long task (docs/architecture.md, "Prerendered public pages").
          startTransition(() => {
            hydrateRoot(container, app);
          });
        } else {
          // Rendered afresh, the static page is replaced as a frame is: its taps are found again in the app.
          createRoot(container).render(app);
        }
      });
  } else {
    // The shell's frame (src/ui/app-frame.tsx) stays until this first render replaces it; drawn at transition
    // priority, the first render yields to the browser every few milliseconds too. The route is loaded first
    // (its code, its guards' answers, which read the restored queries, offline too), so that render draws the
    // page: a render made while the route loads is drawn again when it is ready, and the router's store makes
    // React draw that one in a single task. Taps on the frame meanwhile are kept for the app (src/ui/early-clicks.ts).
    void restored
      .finally(() => router.load())
      .catch(() => undefined)
      .finally(() => {
        const root = createRoot(container);
        startTransition(() => {
          root.render(app);
        });
      });
  }
}

void boot();
