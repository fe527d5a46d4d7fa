// A sales rep's "Ordering for": the choice remembered on the device per rep account, where an order starts
// (the remembered company and location while they still stand, else the first company that may order at its
// default location), why a rep cannot order, My Orders narrowed to one company, what each row says of who
// placed it, and the rep's dashboard menu.

import { describe, expect, it } from 'vitest';
import type { Location } from '../../src/contract/dealer-company';
import type { Order } from '../../src/contract/order';
import type { RepCompany } from '../../src/contract/sales-rep';
import { menuItems, menuRole } from '../../src/features/dashboard/dashboard-menu';
import { placedByText } from '../../src/features/orders/company-orders';
import {
  cannotOrderReason,
  companyLabel,
  locationFor,
  rememberChoice,
  rememberedChoice,
  startingChoice,
  type ChoiceStorage,
} from '../../src/features/rep/ordering-for';
import { ordersForCompany } from '../../src/features/rep/rep-company-filter';
import { ANOTHER_ADDRESS } from '../../src/ui/location-picker';

const location = (id: string, isDefault = false): Location => ({
  id,
  name: `${id} branch`,
  address: `1 ${id} Road`,
  phone: '+44 113 496 0000',
  contactName: 'Dana',
  isDefault,
});
const company = (id: string, locations: Location[], status: RepCompany['status'] = 'approved'): RepCompany => ({
  id,
  name: `${id} Tools Ltd`,
  country: 'GB',
  taxNumber: null,
  status,
  locations,
});
const acme = company('acme', [location('leeds', true), location('bradford')]);
const bolt = company('bolt', [location('york'), location('hull', true)]);
const pending = company('cog', [location('derby', true)], 'applied');

function memoryStorage(): ChoiceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('the remembered choice', () => {
  it('is kept per rep account, whatever the case of its e-mail', () => {
    const storage = memoryStorage();
    rememberChoice('Rita@Example.com', { companyId: 'acme', location: 'bradford' }, storage);
    rememberChoice('sam@example.com', { companyId: 'bolt', location: ANOTHER_ADDRESS }, storage);
    expect(rememberedChoice('rita@example.com', storage)).toEqual({ companyId: 'acme', location: 'bradford' });
    expect(rememberedChoice('sam@example.com', storage)).toEqual({ companyId: 'bolt', location: ANOTHER_ADDRESS });
    expect(rememberedChoice('other@example.com', storage)).toBeNull();
  });

  it('reads nothing from a damaged entry, from blocked storage, or without an account', () => {
    const storage = memoryStorage();
    storage.items.set('forgeline-ordering-for:rita@example.com', '{not json');
    expect(rememberedChoice('rita@example.com', storage)).toBeNull();
    storage.items.set('forgeline-ordering-for:rita@example.com', JSON.stringify({ companyId: 7 }));
    expect(rememberedChoice('rita@example.com', storage)).toBeNull();
    expect(rememberedChoice('rita@example.com', null)).toBeNull();
    rememberChoice('', { companyId: 'acme', location: 'leeds' }, storage);
    expect([...storage.items.keys()]).toEqual(['forgeline-ordering-for:rita@example.com']);
  });
});

describe('where an order for a company starts', () => {
  it('starts from the remembered company and location', () => {
    expect(startingChoice([acme, bolt], { companyId: 'bolt', location: 'york' })).toEqual({ companyId: 'bolt', location: 'york' });
    expect(startingChoice([acme, bolt], { companyId: 'bolt', location: ANOTHER_ADDRESS })).toEqual({ companyId: 'bolt', location: ANOTHER_ADDRESS });
  });

  it('starts from the first company that may order, at its default location, without a choice that still stands', () => {
    expect(startingChoice([acme, bolt], null)).toEqual({ companyId: 'acme', location: 'leeds' });
    // The remembered company is no longer assigned, or may no longer order.
    expect(startingChoice([acme, bolt], { companyId: 'gone', location: 'x' })).toEqual({ companyId: 'acme', location: 'leeds' });
    expect(startingChoice([pending, bolt], { companyId: 'cog', location: 'derby' })).toEqual({ companyId: 'bolt', location: 'hull' });
    // The remembered location was deleted: the company's default instead.
    expect(startingChoice([acme], { companyId: 'acme', location: 'deleted' })).toEqual({ companyId: 'acme', location: 'leeds' });
    expect(startingChoice([pending], null)).toBeNull();
    expect(startingChoice([], null)).toBeNull();
  });

  it('offers another company its own default location, not the location of the one before', () => {
    expect(locationFor(bolt, { companyId: 'acme', location: 'bradford' })).toBe('hull');
    expect(locationFor(company('empty', []), null)).toBe(ANOTHER_ADDRESS);
  });

  it('lists a company that may not order with its status', () => {
    expect(companyLabel(acme)).toBe('acme Tools Ltd');
    expect(companyLabel(pending)).toBe('cog Tools Ltd (waiting for approval: cannot order)');
    expect(companyLabel({ name: 'Nut Co', status: 'suspended' })).toBe('Nut Co (suspended: cannot order)');
  });

  it('says why a rep cannot order', () => {
    expect(cannotOrderReason([])).toBe('No company is assigned to you yet; an admin assigns them on the Companies page.');
    expect(cannotOrderReason([pending])).toMatch(/approved by the shop/u);
    expect(cannotOrderReason(undefined)).toMatch(/could not be loaded/u);
    expect(cannotOrderReason([pending, acme])).toBeNull();
  });
});

const order = (fields: Partial<Order>): Order =>
  ({ _id: 'o1', userName: 'Rita Rep', userEmail: 'rita@example.com', companyName: 'Acme Tools Ltd', locationName: 'Bradford depot', ...fields }) as Order;

describe('My Orders for a rep', () => {
  it('narrows the list to one company, or shows them all', () => {
    const orders = [{ companyId: 'acme' }, { companyId: 'bolt' }, { companyId: null }];
    expect(ordersForCompany(orders, 'bolt')).toEqual([{ companyId: 'bolt' }]);
    expect(ordersForCompany(orders, '')).toEqual(orders);
  });

  it('names the rep, the company and the location in the rep’s list', () => {
    expect(placedByText(order({ placedByRep: true }), { company: false, rep: true })).toBe('Placed by rep Rita Rep for Acme Tools Ltd · Bradford depot');
    expect(placedByText(order({ placedByRep: true, locationName: null }), { company: false, rep: true })).toBe(
      'Placed by rep Rita Rep for Acme Tools Ltd · Another address',
    );
    // A dealer's own order of one of the rep's companies.
    expect(placedByText(order({ userName: 'Dana Counter' }), { company: true, rep: true })).toBe('Placed by Dana Counter for Acme Tools Ltd · Bradford depot');
  });

  it('says that a rep placed an order in the dealer’s lists too', () => {
    expect(placedByText(order({ placedByRep: true }), { company: true, rep: false })).toBe('Placed by rep Rita Rep · To Bradford depot');
    expect(placedByText(order({ placedByRep: true, locationName: null }), { company: false, rep: false })).toBe('Placed by rep Rita Rep · To another address');
    // As before: a colleague's order in the company's view, the location alone in one's own.
    expect(placedByText(order({ userName: 'Bo Buyer' }), { company: true, rep: false })).toBe('Placed by Bo Buyer · To Bradford depot');
    expect(placedByText(order({}), { company: false, rep: false })).toBe('To Bradford depot');
    expect(placedByText(order({ locationName: null }), { company: false, rep: false })).toBeNull();
  });
});

describe('the rep’s dashboard menu', () => {
  it('has My Profile, My Orders, the Order Pad and Quotes, and nothing of a company, reviews or the admin pages', () => {
    expect(menuItems('rep')?.map((item) => item.label)).toEqual(['My Profile', 'My Orders', 'Order Pad', 'Quotes', 'This Device']);
    expect(menuItems('customer')?.map((item) => item.label)).toContain('My Company');
  });

  it('waits for the profile of a non-admin, and is the customer’s when it cannot be read', () => {
    expect(menuRole(false, { rep: true }, true)).toBe('rep');
    expect(menuRole(false, {}, true)).toBe('customer');
    expect(menuRole(false, undefined, false)).toBeNull();
    expect(menuRole(false, undefined, true)).toBe('customer');
    expect(menuRole(true, { rep: true }, true)).toBe('admin');
    expect(menuRole(null, undefined, true)).toBeNull();
  });
});
