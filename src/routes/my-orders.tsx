// /dashboard/my-orders (the spec): the orders saved on this device (the offline feature's outbox),
// then the orders the customer sees (their own, or their company's for its admin and a buyer who sees all),
// which a search narrows (number, PO number, tool or SKU, status, days placed, and for the company's view who placed
// it and its location; asked of the server, so online only). Order again reads today's catalogue (the catalogue feature's query) and
// leads to the order pad. A sales rep sees the orders of its companies, each naming its company, and
// narrows them to one company (the rep feature). Save as list saves an order's tools and quantities as one of
// the company's saved lists (the order pad feature's dialog).

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { texts } from '../contract/messages';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { productsQueryOptions } from '../features/catalogue/get-products';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';
import { flushOutboxNow, isOrderItem } from '../offline/outbox';
import { useOthersQueued, useOutbox } from '../features/offline/use-outbox';
import { CompanyOrderFilters, companyFilterQuery, companyOrdersView, isCompanyFiltered, NO_COMPANY_FILTER } from '../features/orders/company-orders';
import { useMyOrders } from '../features/orders/get-my-orders';
import { useLiveMyOrders } from '../features/orders/live-my-orders';
import { MyOrdersTable } from '../features/orders/my-orders-table';
import { OrdersSavedAt } from '../features/orders/orders-saved-at';
import { useSaveOrderAsList } from '../features/order-pad/save-order-as-list';
import { QueuedOrders } from '../features/orders/queued-orders';
import { useRepCompanies } from '../features/rep/get-rep-companies';
import { ordersForCompany, RepCompanyFilter, repCompanyName } from '../features/rep/rep-company-filter';
import { isNarrowed, OrderSearchForm, orderSearchOf, orderSearchQuery, type OrderSearchValue } from '../ui/order-search';
import { QueryError } from '../ui/query-error';
import { Spinner } from '../ui/spinner';

const sendOutboxNow = () => void flushOutboxNow(true);
const SEARCH = { searchLabel: 'Search by order number or tool', placeholder: 'O-2026-00042, a PO number, drill or SKU' };

export default function MyOrdersPage() {
  const { user } = useSession();
  // Opened from a notification, the list starts with its order found (`?order=`).
  const openedWith = useLocation({ select: (location) => location.searchStr });
  const [search, setSearch] = useState<OrderSearchValue>(() => orderSearchOf(openedWith));
  const [companyFilter, setCompanyFilter] = useState(NO_COMPANY_FILTER);
  const [repCompany, setRepCompany] = useState('');
  const online = useOnline();
  // Offline the list is the one this device saved: a search waits until the network is back.
  const narrowed = online && (isNarrowed(search) || isCompanyFiltered(companyFilter));
  const email = user?.email ?? '';
  // An order shipped, paid or released shows without a reload (docs/architecture.md, "Live orders").
  useLiveMyOrders(email || null);
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const rep = profile.data?.rep === true;
  const repCompanies = useRepCompanies(rep);
  const companyName = rep ? repCompanyName(repCompanies.companies) : undefined;
  const orders = useMyOrders(email, narrowed ? { ...orderSearchQuery(search), ...companyFilterQuery(companyFilter) } : {});
  // The whole list (the one kept for offline) names the people and locations to filter by.
  const all = useMyOrders(email);
  const view = companyOrdersView(all.data ?? [], email);
  // Quote requests and approvers' decisions saved on the device are listed on This Device, not among orders.
  const queued = useOutbox(email || null)?.filter(isOrderItem);
  const othersQueued = useOthersQueued(email || null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Today's catalogue, prices and rules, not a copy cached minutes ago: a tool deleted since the order is left out and named.
  const loadCatalogue = useCallback(() => queryClient.fetchQuery({ ...productsQueryOptions(), staleTime: 0 }), [queryClient]);
  const orderAgain = { email, loadCatalogue, openPad: () => void navigate({ to: '/dashboard/order-pad' }) };
  const { saveAsList, dialog: saveListDialog } = useSaveOrderAsList(email || null, rep, loadCatalogue);
  return (
    <DashboardScreen path="/dashboard/my-orders">
      {user ? <QueuedOrders email={user.email} items={queued} sendNow={sendOutboxNow} othersWaiting={othersQueued} companyName={companyName} /> : null}
      {orders.isPending ? <Spinner label="Loading your orders" /> : null}
      {/* Tried again by itself when the device comes back online; Try again does it at once. */}
      {orders.isError && !orders.data ? <QueryError what="orders" query={orders} /> : null}
      {orders.data ? (
        <>
          {online ? null : <OrdersSavedAt at={orders.dataUpdatedAt} />}
          {online ? (
            <div className="mb-4">
              <OrderSearchForm value={search} onChange={setSearch} {...SEARCH} />
            </div>
          ) : null}
          {rep ? (
            <RepCompanyFilter companies={repCompanies.companies} value={repCompany} onChange={setRepCompany} />
          ) : online ? (
            <CompanyOrderFilters view={view} value={companyFilter} onChange={setCompanyFilter} />
          ) : null}
          <MyOrdersTable
            orders={rep ? ordersForCompany(orders.data, repCompany) : orders.data}
            offlineReason={online ? null : texts.needsNetwork}
            orderAgain={user ? orderAgain : undefined}
            saveAsList={user ? saveAsList : undefined}
            narrowed={narrowed || repCompany !== ''}
            company={view.company}
            rep={rep}
          />
        </>
      ) : null}
      {saveListDialog}
    </DashboardScreen>
  );
}
