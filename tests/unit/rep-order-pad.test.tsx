// @vitest-environment jsdom
// The order pad (and the purchase page) for a sales rep, composed as the routes compose them: "Ordering for" starts at the remembered
// company (else the first that may order) and its default location; a company that may not order cannot be
// chosen; the order sent, or queued offline, carries the company and the location; a rep without companies
// reads why and cannot place.

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from '../../src/api/client';
import type { Location } from '../../src/contract/dealer-company';
import type { OrderBody } from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import type { RepCompany } from '../../src/contract/sales-rep';
import { OrderPad } from '../../src/features/order-pad/order-pad';
import { PurchaseForm } from '../../src/features/orders/purchase-form';
import { orderingForSlot, useOrderingFor } from '../../src/features/rep/ordering-for-picker';
import { rememberedChoice } from '../../src/features/rep/ordering-for';
import { placeOrQueue } from '../../src/offline/outbox';
import { orderBody } from '../../src/offline/outbox/post-order';
import { listOutbox } from '../../src/offline/outbox/queue';
import { getDatabase } from '../../src/offline/store/database';
import { addToPad } from '../../src/offline/store/order-pad';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const sent = vi.hoisted(() => [] as OrderBody[]);
vi.mock('../../src/api/client', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: async (path: string, options: { body: OrderBody }) => {
    // The company's price list: these companies buy at list price.
    if (path === '/company/price-list') return { priceList: null };
    // The company's saved lists: none yet.
    if (path === '/company/saved-lists') return { lists: [] };
    sent.push(options.body);
    return { insertedId: options.body.clientOrderId };
  },
}));

const REP = 'rita@example.com';
const drill: Product = { _id: randomUUID(), name: 'Rep Drill', description: '', imageUrl: '/uploads/x.webp', price: 100, availableQnt: 100, minOrderQnt: 5 };
const place = (id: string, name: string, isDefault = false): Location => ({
  id,
  name,
  address: `${name}, 1 Mill Lane`,
  phone: '+44 113 496 0000',
  contactName: 'Dana',
  isDefault,
});
const company = (name: string, locations: Location[], status: RepCompany['status'] = 'approved'): RepCompany => ({
  id: randomUUID(),
  name,
  country: 'GB',
  taxNumber: null,
  status,
  locations,
});
const leeds = place(randomUUID(), 'Leeds branch', true);
const bradford = place(randomUUID(), 'Bradford depot');
const acme = company('Acme Tools', [leeds, bradford]);
const cog = company('Cog Supplies', [place(randomUUID(), 'Derby', true)], 'suspended');

/** The order pad route's composition, for a rep. */
function RepPad({ companies, onDone }: { companies: RepCompany[]; onDone: () => void }) {
  const orderingFor = useOrderingFor(REP, companies);
  return (
    <OrderPad
      key={orderingFor.choice?.companyId ?? 'no-company'}
      email={REP}
      lines={[{ ownerEmail: REP, productId: drill._id, quantity: 5, addedAt: 1 }]}
      products={[drill]}
      productsError={null}
      defaultAddress="4 Quay Street, Bristol"
      defaultPhone="+44 117 555 0199"
      locations={orderingFor.locations}
      orderingFor={orderingForSlot('ordering-for', companies, orderingFor)}
      placeOrder={placeOrQueue}
      onProductsChanged={() => undefined}
      onDone={onDone}
    />
  );
}

function renderPad(companies: RepCompany[]) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RepPad companies={companies} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const db = getDatabase();
let online = true;

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sent.length = 0;
  localStorage.clear();
  await Promise.all([db.outbox.clear(), db.orderPad.clear(), db.meta.clear()]);
  await addToPad(REP, drill._id, 5, db, 1);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the order pad for a sales rep', () => {
  it('starts at the first company that may order and its default location; one that may not is listed but cannot be chosen', () => {
    renderPad([cog, acme]);
    const orderingFor = screen.getByLabelText<HTMLSelectElement>('Ordering for');
    expect(orderingFor.value).toBe(acme.id);
    const suspended = screen.getByRole<HTMLOptionElement>('option', { name: 'Cog Supplies (suspended: cannot order)' });
    expect(suspended.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Deliver to').value).toBe(leeds.id);
  });

  it('places for the company and location chosen, and remembers them for the next order', async () => {
    const onDone = renderPad([acme]);
    fireEvent.change(screen.getByLabelText('Deliver to'), { target: { value: bradford.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ companyId: acme.id, locationId: bradford.id, userAddress: bradford.address });
    expect(rememberedChoice(REP)).toEqual({ companyId: acme.id, location: bradford.id });

    cleanup();
    renderPad([acme]);
    expect(screen.getByLabelText<HTMLSelectElement>('Deliver to').value).toBe(bradford.id);
  });

  it('offers another company its own locations, its default first, and places for it', async () => {
    const york = place(randomUUID(), 'York yard');
    const hull = place(randomUUID(), 'Hull quay', true);
    const bolt = company('Bolt Fixings', [york, hull]);
    const onDone = renderPad([acme, bolt]);
    fireEvent.change(screen.getByLabelText('Ordering for'), { target: { value: bolt.id } });
    const deliverTo = screen.getByLabelText<HTMLSelectElement>('Deliver to');
    expect([...deliverTo.options].map((option) => option.text)).toEqual(['York yard', 'Hull quay (default)', 'Another address…']);
    expect(deliverTo.value).toBe(hull.id);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ companyId: bolt.id, locationId: hull.id, userAddress: hull.address });
    expect(rememberedChoice(REP)).toEqual({ companyId: bolt.id, location: hull.id });
  });

  it('queues an order offline with its company, and sends the company with it', async () => {
    online = false;
    const onDone = renderPad([acme]);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(0);
    const [queued] = await listOutbox(REP, db);
    expect(queued).toMatchObject({ companyId: acme.id, locationId: leeds.id });
    expect(queued ? orderBody(queued) : null).toMatchObject({ companyId: acme.id, locationId: leeds.id });
  });

  it('tells a rep without companies why it cannot place, and offers no delivery', () => {
    renderPad([]);
    expect(screen.getByTestId('ordering-for-note').textContent).toBe('No company is assigned to you yet; an admin assigns them on the Companies page.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
    expect(screen.queryByLabelText('Deliver to')).toBeNull();
    expect(screen.queryByLabelText('Address')).toBeNull();
  });
});

/** The purchase page's form, composed as the route composes it for a rep. */
function RepPurchase({ companies, onOrdered }: { companies: RepCompany[]; onOrdered: () => void }) {
  const orderingFor = useOrderingFor(REP, companies);
  return (
    <PurchaseForm
      key={orderingFor.choice?.companyId ?? 'no-company'}
      product={drill}
      userName="Rita Rep"
      userEmail={REP}
      locations={orderingFor.locations}
      orderingFor={orderingForSlot('ordering-for', companies, orderingFor)}
      placeOrder={placeOrQueue}
      onOrdered={onOrdered}
      onProductChanged={() => undefined}
    />
  );
}

describe('the purchase page for a sales rep', () => {
  it('orders the tool for the company and location chosen', async () => {
    const onOrdered = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RepPurchase companies={[acme]} onOrdered={onOrdered} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Ordering for').value).toBe(acme.id);
    fireEvent.change(screen.getByLabelText('Deliver to'), { target: { value: bradford.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ companyId: acme.id, locationId: bradford.id, lines: [{ productId: drill._id, quantity: 5 }] });
  });

  it('cannot order without a company', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RepPurchase companies={[]} onOrdered={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('ordering-for-note')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Order' }).disabled).toBe(true);
  });
});

describe('a dealer’s order', () => {
  it('carries no company', () => {
    expect(orderBody({ clientOrderId: randomUUID(), userAddress: 'a', userPhone: 'b', locationId: leeds.id, lines: [] })).not.toHaveProperty('companyId');
  });
});
