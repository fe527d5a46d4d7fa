// The frames of screens that are not prerendered (docs/architecture.md, "Screen frames"): the build renders
// each with the app's own components (src/prerender.tsx), so the screen's layout and title paint from the
// HTML before any script runs; the app's first render replaces the frame. The dashboard's and the sign-in
// screens' frames are files the server and the service worker send as they are; the purchase page's frame is a
// template the server fills with the product's name and picture.

/** Under dist/prerendered/. */
export const FRAMES_DIR = 'frames';

/** Dashboard screens with a fixed title: the frame shows the dashboard and the title, the page the same title. */
export const DASHBOARD_SCREENS = {
  '/dashboard': { title: 'My Profile', wide: false, file: 'dashboard-profile.html' },
  '/dashboard/my-company': { title: 'My Company', wide: false, file: 'dashboard-my-company.html' },
  '/dashboard/my-orders': { title: 'My Orders', wide: true, file: 'dashboard-my-orders.html' },
  '/dashboard/invoices': { title: 'Invoices', wide: true, file: 'dashboard-invoices.html' },
  '/dashboard/order-pad': { title: 'Order Pad', wide: true, file: 'dashboard-order-pad.html' },
  '/dashboard/this-device': { title: 'This Device', wide: true, file: 'dashboard-this-device.html' },
  '/dashboard/quotes': { title: 'Quotes', wide: true, file: 'dashboard-quotes.html' },
  '/dashboard/add-review': { title: 'Add Review', wide: false, file: 'dashboard-add-review.html' },
  '/dashboard/sales': { title: 'Sales', wide: true, file: 'dashboard-sales.html' },
  '/dashboard/manage-users': { title: 'Make Admin', wide: true, file: 'dashboard-manage-users.html' },
  '/dashboard/add-product': { title: 'Add A Product', wide: true, file: 'dashboard-add-product.html' },
  '/dashboard/manage-orders': { title: 'Manage Orders', wide: true, file: 'dashboard-manage-orders.html' },
  '/dashboard/receivables': { title: 'Receivables', wide: true, file: 'dashboard-receivables.html' },
  '/dashboard/price-lists': { title: 'Price Lists', wide: true, file: 'dashboard-price-lists.html' },
  '/dashboard/tax-rates': { title: 'Tax Rates', wide: true, file: 'dashboard-tax-rates.html' },
  '/dashboard/manage-products': { title: 'Manage Products', wide: true, file: 'dashboard-manage-products.html' },
  '/dashboard/manage-reviews': { title: 'Manage Reviews', wide: true, file: 'dashboard-manage-reviews.html' },
  '/dashboard/companies': { title: 'Companies', wide: true, file: 'dashboard-companies.html' },
  '/dashboard/audit-log': { title: 'Audit Log', wide: true, file: 'dashboard-audit-log.html' },
  '/dashboard/settings': { title: 'Settings', wide: false, file: 'dashboard-settings.html' },
} as const;
export type DashboardScreenPath = keyof typeof DASHBOARD_SCREENS;

/**
 * The sign-in screens: the frame shows their card's title and introduction (their largest text), the page the
 * same words with its form below.
 */
export const AUTH_SCREENS = {
  '/login': { title: 'Login', intro: 'Sign in to order tools in bulk, pay and follow your orders.', file: 'login.html' },
  '/register': { title: 'Register', intro: 'Open a dealer account to order tools in bulk at trade prices.', file: 'register.html' },
} as const;
export type AuthScreenPath = keyof typeof AUTH_SCREENS;

/** The dashboard's frame without a title, for its other paths (paying an order, whose title names it). */
export const DASHBOARD_FRAME_FILE = 'dashboard.html';

/** The purchase page's frame, a template with the placeholders below. */
export const PRODUCT_FRAME_FILE = 'product.html';

/** What the server puts into the purchase page's frame. */
export const PRODUCT_FRAME_FIELDS = {
  id: '%%FRAME_PRODUCT_ID%%',
  name: '%%FRAME_PRODUCT_NAME%%',
  src: '%%FRAME_PICTURE_SRC%%',
  srcSet: '%%FRAME_PICTURE_SRCSET%%',
} as const;

/** Every frame file the server and the service worker send as it is (the dashboard's and the sign-in screens'). */
export const SCREEN_FRAME_FILES: readonly string[] = [
  ...Object.values(DASHBOARD_SCREENS).map((screen) => screen.file),
  DASHBOARD_FRAME_FILE,
  ...Object.values(AUTH_SCREENS).map((screen) => screen.file),
].map((file) => `${FRAMES_DIR}/${file}`);

const isDashboardScreen = (path: string): path is DashboardScreenPath => Object.hasOwn(DASHBOARD_SCREENS, path);
const isAuthScreen = (path: string): path is AuthScreenPath => Object.hasOwn(AUTH_SCREENS, path);

/** The frame file for a navigation to a dashboard path or a sign-in screen, or null for the other screens. */
export function screenFrameFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/u, '') : pathname;
  if (isDashboardScreen(path)) return `${FRAMES_DIR}/${DASHBOARD_SCREENS[path].file}`;
  if (isAuthScreen(path)) return `${FRAMES_DIR}/${AUTH_SCREENS[path].file}`;
  return path.startsWith('/dashboard/') ? `${FRAMES_DIR}/${DASHBOARD_FRAME_FILE}` : null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (char) => HTML_ESCAPES[char] ?? char);

const FIELD = /%%FRAME_[A-Z_]+%%/gu;

/**
 * The purchase page's frame for one product: every field escaped, as text and as attribute value alike, in
 * one pass, so nothing a value holds is read as a placeholder.
 */
export function fillProductFrame(template: string, product: Record<keyof typeof PRODUCT_FRAME_FIELDS, string>): string {
  const values = new Map<string, string>(
    Object.entries(PRODUCT_FRAME_FIELDS).map(([key, field]) => [field, escapeHtml(product[key as keyof typeof PRODUCT_FRAME_FIELDS])]),
  );
  return template.replace(FIELD, (field) => values.get(field) ?? field);
}
