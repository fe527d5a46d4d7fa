// The route table of spec section 2 and the three guards of DESIGN section 10.
// The guards are for convenience; the server enforces every rule itself.

import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect, type ParsedLocation } from '@tanstack/react-router';
import { toast } from 'sonner';
import { isAuthFailure } from './api/errors';
import { toasts } from './contract/messages';
import { userProfileQueryOptions } from './features/auth/get-user-profile';
import { getSession, setAdminFlag } from './features/auth/session';
import { signOutEverywhere } from './features/auth/sign-out';
import { RootLayout } from './routes/root';

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

/** The admin flag comes from the server (spec section 6); offline, the last known value is used. */
async function isAdmin(queryClient: QueryClient, email: string): Promise<boolean> {
  try {
    const profile = await queryClient.ensureQueryData(userProfileQueryOptions(email));
    setAdminFlag(profile.admin);
    return profile.admin;
  } catch (error) {
    if (isAuthFailure(error)) {
      await signOutEverywhere();
      throw error;
    }
    const known = getSession().admin;
    if (known === null) throw error;
    return known;
  }
}

async function guardAdmin(queryClient: QueryClient, location: ParsedLocation): Promise<void> {
  const email = requireSignedIn(location);
  let admin = false;
  try {
    admin = await isAdmin(queryClient, email);
  } catch {
    loginRedirect(location);
  }
  if (!admin) {
    // Spec section 6: non-admins opening admin pages are logged out and sent to /login.
    await signOutEverywhere();
    loginRedirect(location);
  }
}

async function guardCustomer(queryClient: QueryClient, location: ParsedLocation): Promise<void> {
  const email = requireSignedIn(location);
  let admin: boolean;
  try {
    admin = await isAdmin(queryClient, email);
  } catch {
    loginRedirect(location);
  }
  if (admin) throw redirect({ to: '/dashboard', replace: true });
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: lazyRouteComponent(() => import('./routes/home')) });

const safeRedirect = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  component: lazyRouteComponent(() => import('./routes/login')),
});

const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: 'register', component: lazyRouteComponent(() => import('./routes/register')) });

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'products/$id',
  beforeLoad: async ({ context, location }) => {
    const email = requireSignedIn(location);
    let admin = false;
    try {
      admin = await isAdmin(context.queryClient, email);
    } catch {
      loginRedirect(location);
    }
    if (admin) {
      toast.error(toasts.adminCannotOrder);
      throw redirect({ to: '/', replace: true });
    }
  },
  component: lazyRouteComponent(() => import('./routes/product')),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  beforeLoad: ({ location }) => {
    requireSignedIn(location);
  },
  component: lazyRouteComponent(() => import('./routes/dashboard')),
});

const profileRoute = createRoute({ getParentRoute: () => dashboardRoute, path: '/', component: lazyRouteComponent(() => import('./routes/dashboard-profile')) });

const customerRoute = <TPath extends string>(path: TPath, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({
    getParentRoute: () => dashboardRoute,
    path,
    beforeLoad: ({ context, location }) => guardCustomer(context.queryClient, location),
    component: lazyRouteComponent(load),
  });

const adminRoute = <TPath extends string>(path: TPath, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({
    getParentRoute: () => dashboardRoute,
    path,
    beforeLoad: ({ context, location }) => guardAdmin(context.queryClient, location),
    component: lazyRouteComponent(load),
  });

const myOrdersRoute = customerRoute('my-orders', () => import('./routes/my-orders'));
const paymentRoute = customerRoute('payment/$id', () => import('./routes/payment'));
const addReviewRoute = customerRoute('add-review', () => import('./routes/add-review'));
const manageUsersRoute = adminRoute('manage-users', () => import('./routes/manage-users'));
const addProductRoute = adminRoute('add-product', () => import('./routes/add-product'));
const manageOrdersRoute = adminRoute('manage-orders', () => import('./routes/manage-orders'));
const manageProductsRoute = adminRoute('manage-products', () => import('./routes/manage-products'));

const blogsRoute = createRoute({ getParentRoute: () => rootRoute, path: 'blogs', component: lazyRouteComponent(() => import('./routes/blogs')) });
const portfolioRoute = createRoute({ getParentRoute: () => rootRoute, path: 'portfolio', component: lazyRouteComponent(() => import('./routes/portfolio')) });
const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: lazyRouteComponent(() => import('./routes/not-found')) });

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  productRoute,
  dashboardRoute.addChildren([profileRoute, myOrdersRoute, paymentRoute, addReviewRoute, manageUsersRoute, addProductRoute, manageOrdersRoute, manageProductsRoute]),
  blogsRoute,
  portfolioRoute,
  notFoundRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingMinMs: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
