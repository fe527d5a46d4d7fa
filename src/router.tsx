// The route table of the spec and its three guards (docs/architecture.md, "Client conventions").
// The guards are for convenience; the server enforces every rule itself.

import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type ParsedLocation,
  type RouterHistory,
} from '@tanstack/react-router';
import { preload } from 'react-dom';
import { toast } from './ui/toast';
import { isAuthFailure } from './api/errors';
import { toasts } from './contract/messages';
import { userProfileQueryOptions } from './features/auth/get-user-profile';
import { productQueryOptions } from './features/catalogue/get-products';
import { catalogueSearchOf } from './features/catalogue/search-products';
import { getSession, setAdminFlag } from './features/auth/session';
import { signOutEverywhere } from './features/auth/sign-out';
import { RootLayout } from './routes/root';
import { PICTURE_SIZES, pictureSources } from './ui/product-picture';

export interface RouterContext {
  queryClient: QueryClient;
}

function loginRedirect(location: ParsedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
}

function requireSignedIn(location: ParsedLocation): string {
  const { user } = getSession();
  if (!user) loginRedirect(location);
  return user.email;
}

/** What a guard needs from beforeLoad. On a hover preload the guards decide but have no side effects. */
interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  preload: boolean;
}

/**
 * The admin flag comes from the server (the spec). Without an answer (offline, server down) the
 * last known flag is used, or null when none is known; a refused token ends the session.
 */
async function adminFlag({ context, location, preload }: GuardArgs): Promise<boolean | null> {
  const email = requireSignedIn(location);
  try {
    const profile = await context.queryClient.ensureQueryData({ ...userProfileQueryOptions(email), revalidateIfStale: true });
    setAdminFlag(profile.admin);
    return profile.admin;
  } catch (error) {
    if (isAuthFailure(error)) {
      if (!preload) await signOutEverywhere();
      loginRedirect(location);
    }
    return getSession().admin;
  }
}

async function guardAdmin(args: GuardArgs): Promise<void> {
  const admin = await adminFlag(args);
  if (admin === true) return;
  // Not known (offline before the flag was ever fetched): keep the user in the app, but not on an admin page.
  if (admin === null) throw redirect({ to: '/dashboard', replace: true });
  // As the spec has it, non-admins opening admin pages are logged out and sent to /login. The page is not
  // remembered: signing in again as the same customer would only bounce them out once more.
  if (!args.preload) await signOutEverywhere();
  throw redirect({ to: '/login', replace: true });
}

/** Customer-only pages: admins go to /dashboard (the spec). Unknown offline counts as customer; the server decides. */
async function guardCustomer(args: GuardArgs): Promise<void> {
  if ((await adminFlag(args)) === true) throw redirect({ to: '/dashboard', replace: true });
}

/**
 * A dealer's own pages (My Company, Add Review): admins go to /dashboard as on every customer page, and so do
 * sales reps, who belong to no company and post no reviews (docs/decisions/043-sales-reps.md).
 */
async function guardDealer(args: GuardArgs): Promise<void> {
  await guardCustomer(args);
  const { user } = getSession();
  const profile = user ? args.context.queryClient.getQueryData(userProfileQueryOptions(user.email).queryKey) : undefined;
  if (profile?.rep === true) throw redirect({ to: '/dashboard', replace: true });
}

/** The purchase page: admins go home with a toast (the spec). */
async function guardPurchase(args: GuardArgs): Promise<void> {
  if ((await adminFlag(args)) !== true) return;
  if (!args.preload) toast.error(toasts.adminCannotOrder);
  throw redirect({ to: '/', replace: true });
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

// Every screen is a chunk of its own. The home page paints from its prerendered HTML, which preloads the
// home chunk with the entry (docs/architecture.md, "Prerendered public pages").
// `?q=` is a search for Our Tools, sent by the top bar's search (src/features/catalogue/find-tool.tsx).
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: catalogueSearchOf(search) }),
  component: lazyRouteComponent(() => import('./routes/home')),
});

const safeRedirect = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  // The key is always returned: the router merges the raw query under the validated one, so leaving an
  // unsafe value out would let it through unchanged.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect) }),
  component: lazyRouteComponent(() => import('./routes/login')),
});

// Like Login, Register goes back to where the visitor came from (an invitation's page) when it says so.
const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect) }),
  component: lazyRouteComponent(() => import('./routes/register')),
});

// An invitation mail's link: open to anyone, signed in or not (the page says what accepting needs).
const joinRoute = createRoute({ getParentRoute: () => rootRoute, path: 'join/$token', component: lazyRouteComponent(() => import('./routes/join')) });

const productPage = lazyRouteComponent(() => import('./routes/product'));

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products/$id',
  beforeLoad: (args) => {
    // The page's code and its product are fetched while the guard asks the server for the role: on a slow
    // network that is one round trip before the picture can load instead of three (docs/performance.md).
    if (getSession().user) {
      void productPage.preload?.();
      // The picture starts as soon as the product is known, not when the page renders after the check.
      void args.context.queryClient
        .fetchQuery(productQueryOptions(args.params.id))
        .then((product) => {
          const picture = pictureSources(product.imageUrl, PICTURE_SIZES.details);
          preload(picture.src, { as: 'image', fetchPriority: 'high', ...(picture.srcSet ? { imageSrcSet: picture.srcSet, imageSizes: picture.sizes } : {}) });
        })
        .catch(() => undefined);
    }
    return guardPurchase(args);
  },
  component: productPage,
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  beforeLoad: ({ location }) => {
    requireSignedIn(location);
  },
  component: lazyRouteComponent(() => import('./routes/dashboard')),
});

const profileRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/dashboard-profile')),
});

const customerRoute = <TPath extends string>(path: TPath, load: Parameters<typeof lazyRouteComponent>[0], guard = guardCustomer) =>
  createRoute({
    getParentRoute: () => dashboardRoute,
    path,
    beforeLoad: guard,
    component: lazyRouteComponent(load),
  });

const adminRoute = <TPath extends string>(path: TPath, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({
    getParentRoute: () => dashboardRoute,
    path,
    beforeLoad: guardAdmin,
    component: lazyRouteComponent(load),
  });

const myCompanyRoute = customerRoute('my-company', () => import('./routes/my-company'), guardDealer);
const myOrdersRoute = customerRoute('my-orders', () => import('./routes/my-orders'));
const invoicesRoute = customerRoute('invoices', () => import('./routes/invoices'), guardDealer);
const orderPadRoute = customerRoute('order-pad', () => import('./routes/order-pad'));
const thisDeviceRoute = customerRoute('this-device', () => import('./routes/this-device'));
// Quotes: the dealer's requests and answers, or for an admin or sales rep the requests to price (docs/decisions/058-quotes.md).
// `?quote=Q-2026-00012` opens that quote (a notification's tap, This Device's link).
const quotesRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'quotes',
  validateSearch: (search: Record<string, unknown>): { quote?: string } => ({
    quote: typeof search.quote === 'string' && search.quote.length <= 40 ? search.quote : undefined,
  }),
  component: lazyRouteComponent(() => import('./routes/quotes')),
});
const paymentRoute = customerRoute('payment/$id', () => import('./routes/payment'));
const addReviewRoute = customerRoute('add-review', () => import('./routes/add-review'), guardDealer);
const manageUsersRoute = adminRoute('manage-users', () => import('./routes/manage-users'));
const addProductRoute = adminRoute('add-product', () => import('./routes/add-product'));
const manageOrdersRoute = adminRoute('manage-orders', () => import('./routes/manage-orders'));
const manageProductsRoute = adminRoute('manage-products', () => import('./routes/manage-products'));
const salesRoute = adminRoute('sales', () => import('./routes/sales'));
const manageReviewsRoute = adminRoute('manage-reviews', () => import('./routes/manage-reviews'));
const companiesRoute = adminRoute('companies', () => import('./routes/companies'));
const receivablesRoute = adminRoute('receivables', () => import('./routes/receivables'));
const priceListsRoute = adminRoute('price-lists', () => import('./routes/price-lists'));
const taxRatesRoute = adminRoute('tax-rates', () => import('./routes/tax-rates'));
const auditLogRoute = adminRoute('audit-log', () => import('./routes/audit-log'));
const settingsRoute = adminRoute('settings', () => import('./routes/settings'));

const blogsRoute = createRoute({ getParentRoute: () => rootRoute, path: 'blogs', component: lazyRouteComponent(() => import('./routes/blogs')) });
const portfolioRoute = createRoute({ getParentRoute: () => rootRoute, path: 'portfolio', component: lazyRouteComponent(() => import('./routes/portfolio')) });
const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: lazyRouteComponent(() => import('./routes/not-found')) });

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  joinRoute,
  productRoute,
  dashboardRoute.addChildren([
    profileRoute,
    myCompanyRoute,
    myOrdersRoute,
    invoicesRoute,
    orderPadRoute,
    thisDeviceRoute,
    quotesRoute,
    paymentRoute,
    addReviewRoute,
    manageUsersRoute,
    addProductRoute,
    manageOrdersRoute,
    manageProductsRoute,
    salesRoute,
    manageReviewsRoute,
    companiesRoute,
    receivablesRoute,
    priceListsRoute,
    taxRatesRoute,
    auditLogRoute,
    settingsRoute,
  ]),
  blogsRoute,
  portfolioRoute,
  notFoundRoute,
]);

/** `history` is the browser's by default; the build's prerender passes a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingMinMs: 0,
  });
}

/**
 * Prerendering and the hydration of its HTML render the same tree only when the router knows it is in an
 * SSR round trip (no Suspense boundary of its own around the root), as TanStack's own hydration marks it.
 */
export function markServerRendered(router: ReturnType<typeof createAppRouter>): void {
  router.ssr = { manifest: undefined };
}

/** The route the router shows now: prerendered HTML is hydrated only when the browser lands on the same one. */
export function leafRouteId(router: ReturnType<typeof createAppRouter>): string {
  return String(router.state.matches.at(-1)?.routeId ?? '');
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
