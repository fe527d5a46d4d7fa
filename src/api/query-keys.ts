// Every TanStack Query key of the app. Keys nest under a root ('orders', 'products', ...), so a
// mutation invalidates a whole root and every list and page under it is fetched again.

import type { OrderStatus } from '../contract/order-status';

export interface OrderPageKey {
  page: number;
  pageSize: number;
  status: OrderStatus | null;
  q: string;
  /** First and last day placed, `YYYY-MM-DD`, or ''. */
  from: string;
  to: string;
  /** Part of the company's and of the location's name, or ''. */
  company: string;
  location: string;
}

export const queryKeys = {
  products: ['products'] as const,
  product: (id: string) => ['products', id] as const,
  /** Home's search of the catalogue, its pages under one key ('search' and 'sync' are never product ids). */
  productSearch: (search: { q: string; category: string | null }) => ['products', 'search', search] as const,
  productSearches: ['products', 'search'] as const,
  /** Manage Products' pages ('page' is never a product id either). */
  productPage: (page: { q: string; page: number; pageSize: number }) => ['products', 'page', page] as const,
  categories: ['products', 'categories'] as const,
  /** The incremental sync of the saved catalogue: invalidating 'products' (an order took stock) runs it again. */
  catalogueSync: ['products', 'sync'] as const,
  reviews: ['reviews'] as const,
  orders: ['orders'] as const,
  myOrders: (email: string) => ['orders', 'mine', email] as const,
  /** My Orders narrowed by a search; under myOrders, so whatever refreshes the list refreshes these too. */
  myOrdersFound: (email: string, search: { status: OrderStatus | null; q: string; from: string; to: string; placedBy: string; locationId: string }) =>
    ['orders', 'mine', email, search] as const,
  order: (id: string) => ['orders', 'one', id] as const,
  /** The company's orders waiting for the caller's approval: under the orders root, so placing or deciding one refreshes it. */
  approvals: ['orders', 'approvals'] as const,
  quotes: ['quotes'] as const,
  /** The admin's pages of every order. */
  orderPage: (page: OrderPageKey) => ['orders', 'all', page] as const,
  /** Every page of the admin's list, whatever its filter: live orders refresh them all. */
  orderPages: ['orders', 'all'] as const,
  /** Sales at a glance: under the orders root, so shipping or deleting an order refreshes the figures. */
  sales: ['orders', 'sales'] as const,
  /** Under the orders root, so placing, shipping or paying an order refreshes them. */
  receivables: ['orders', 'receivables'] as const,
  /** Per account, so a shared tablet never shows the last dealer's invoices. */
  invoices: (email: string) => ['orders', 'invoices', email] as const,
  /** A company's account (its credit); `own` for the member's own company, else the id a rep orders for. */
  account: (companyId: string | null) => ['orders', 'account', companyId ?? 'own'] as const,
  /** 'all' is never an e-mail address, so the list and the profiles share the 'users' root. */
  users: ['users', 'all'] as const,
  /** Make Admin's pages, under the list's key so every user mutation refreshes them. */
  userPage: (page: { page: number; pageSize: number; q: string }) => ['users', 'all', page] as const,
  userProfile: (email: string) => ['users', email] as const,
  /** The signed-in dealer's company, its locations and members: private, so it ends with the session. */
  myCompany: ['company'] as const,
  /** The companies a sales rep orders for, with their locations: private too, and kept for ordering offline. */
  repCompanies: ['rep-companies'] as const,
  /** The dealer's price list, per account and the company a rep orders for ('own': the member's company); private, kept in IndexedDB. */
  dealerPricesRoot: ['dealer-prices'] as const,
  dealerPrices: (owner: string, companyId: string | null) => ['dealer-prices', owner, companyId ?? 'own'] as const,
  /** The company's saved lists, per account and the company a rep orders for ('own': the member's company); private, kept in IndexedDB. */
  savedLists: (owner: string, companyId: string | null) => ['saved-lists', owner, companyId ?? 'own'] as const,
  paymentIntent: (orderId: string) => ['payment-intent', orderId] as const,
  /** Manage Reviews' pages (hidden ones, e-mails): not under the public 'reviews' root, so they end with the session. */
  adminReviews: ['admin-reviews'] as const,
  adminReviewPage: (page: { page: number; pageSize: number }) => ['admin-reviews', page] as const,
  /** E-mails that could not be sent (admins); under no root that order mutations refresh. */
  mailFailures: ['mail-failures'] as const,
  runtimeConfig: ['runtime-config'] as const,
  /** The shop's settings (admins). */
  shopSettings: ['shop-settings'] as const,
  /** The Companies page: its pages and one company each, under one root so a decision refreshes them all. */
  adminCompanies: ['admin-companies'] as const,
  adminCompanyPage: (page: { page: number; status: string; search: string }) => ['admin-companies', 'page', page] as const,
  adminCompany: (id: string) => ['admin-companies', 'one', id] as const,
  /** Every sales rep with how many companies it has (admins): a rep made, undone, assigned or removed refreshes it. */
  adminReps: ['admin-reps'] as const,
  /** The audit log's pages, by filter; a decision or a setting adds to it. */
  audit: ['audit'] as const,
  auditPage: (filter: Record<string, string>) => ['audit', filter] as const,
  /** The Price Lists page: every list, and one list's pages of entries, under one root so any change refreshes them all. */
  priceLists: ['price-lists'] as const,
  priceList: (id: string, page: { page: number; q: string }) => ['price-lists', id, page] as const,
  /** The Tax Rates page: every rate the shop keeps (docs/decisions/046-tax-per-ship-to-location.md). */
  taxRates: ['tax-rates'] as const,
  /** The tools a price list's entry form offers for a search; under the products root ('choices' is never a product id). */
  toolChoices: (q: string) => ['products', 'choices', q] as const,
};

/** Roots of what anyone may read: they outlive a signed-in user's session. */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set([queryKeys.products[0], queryKeys.reviews[0]]);
