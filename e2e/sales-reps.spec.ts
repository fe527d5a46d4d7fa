// A sales rep (docs/decisions/043-sales-reps.md): an admin makes a customer a rep and assigns it a dealer's
// company with two locations. The rep chooses the company and its second location on the order pad and
// places the pad; My Orders says it was placed for the company. Offline it queues a second order for the
// same company, which is sent once when the connection is back. The company's admin sees both orders as
// placed by the rep, and the rep opening an admin page is treated as a customer is.

import type { Browser, Page } from '@playwright/test';
import { api, expect, signIn, test, type E2eProduct, type E2eUser } from './fixtures';
import { dealerReady, waitForPersistedQuery } from './offline-helpers';
import { screenshotsAtWidths } from './screen-helpers';

const leeds = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Dana Counter' };
const bradford = { name: 'Bradford depot', address: '3 Mill Lane, Bradford BD1 1AA', phone: '+44 1274 496 000', contactName: 'Sam Stores' };

interface RepOrder {
  _id: string;
  clientOrderId: string | null;
  userEmail: string;
  companyId: string | null;
  companyName: string | null;
  locationName: string | null;
  userAddress: string;
  placedByRep?: boolean;
}

const ordersOf = async (user: E2eUser) => {
  const res = await api<RepOrder[]>('GET', `/orders/${encodeURIComponent(user.email)}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The dealer's company, with the two locations (Leeds first, so its default), as the admin assigns it. */
async function dealerCompany(dealer: E2eUser): Promise<string> {
  for (const location of [leeds, bradford]) {
    const res = await api('POST', '/company/locations', { token: dealer.token, body: location });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const mine = await api<{ company: { id: string; status: string } }>('GET', '/company', { token: dealer.token });
  expect(mine.status).toBe(200);
  expect(mine.body.company.status).toBe('approved');
  return mine.body.company.id;
}

/** A customer made a sales rep by the shop's admin, and assigned `companyId`. */
async function makeRep(adminToken: string, rep: E2eUser, companyId: string): Promise<void> {
  const made = await api('PUT', `/user/rep/${encodeURIComponent(rep.email)}`, { token: adminToken });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const assigned = await api('PUT', `/admin/companies/${companyId}/reps/${rep.id}`, { token: adminToken });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
}

async function addToPad(page: Page, product: E2eProduct): Promise<void> {
  await page.goto(`/products/${product._id}`);
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${product.name}: ${product.minOrderQnt} pcs. added to your order pad.`)).toBeVisible();
}

/** Signs `user` in on a page of its own browser context. */
async function pageOf(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('a sales rep orders for a dealer’s company online and offline, and the dealer sees the orders as placed by the rep', async ({
  browser,
  page,
  context,
  adminToken,
  createUser,
  createProduct,
}) => {
  // Three people in three browsers, offline and back, and screenshots at three widths: a long journey.
  test.setTimeout(360_000);
  const drill = await createProduct({ name: 'Rep Journey Drill', price: 120, availableQnt: 100, minOrderQnt: 5 });
  const dana = await createUser({ displayName: 'Dana Counter' });
  const companyId = await dealerCompany(dana);
  const rita = await createUser({ displayName: 'Rita Rep' });
  await makeRep(adminToken, rita, companyId);

  await dealerReady(page, rita, [drill]);
  // The rep's menu: no company of its own, no reviews, no admin page.
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Profile',
    'My Orders',
    // With the count of tools on the pad once it is read.
    /^Order Pad/u,
    'Quotes',
    'This Device',
  ]);

  // The purchase page offers the company in place of a dealer's own locations.
  await addToPad(page, drill);
  await expect(page.getByLabel('Ordering for').locator('option:checked')).toHaveText('Dana Counter');
  await expect(page.getByLabel('Deliver to').locator('option:checked')).toHaveText('Leeds branch (default)');
  await screenshotsAtWidths(page, 'sales-reps-purchase', async (shown) => {
    await expect(shown.getByLabel('Ordering for')).toBeVisible();
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard/order-pad');
  await expect(page.getByLabel('Ordering for').locator('option:checked')).toHaveText('Dana Counter');
  const deliverTo = page.getByLabel('Deliver to');
  await expect(deliverTo.locator('option:checked')).toHaveText('Leeds branch (default)');
  await deliverTo.selectOption({ label: 'Bradford depot' });
  await expect(page.getByTestId('delivery-location')).toContainText(bradford.address);
  // The choice is remembered on the device: each width's reload starts from it.
  await screenshotsAtWidths(page, 'sales-reps-pad', async (shown) => {
    await expect(shown.getByLabel('Deliver to').locator('option:checked')).toHaveText('Bradford depot');
    await expect(shown.getByTestId('pad-line')).toHaveCount(1);
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: drill.name });
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('order-placed-by').filter({ visible: true })).toHaveText(['Placed by rep Rita Rep for Dana Counter · Bradford depot']);
  const [first] = await ordersOf(rita);
  expect(first).toMatchObject({ companyId, companyName: 'Dana Counter', locationName: 'Bradford depot', userEmail: rita.email, placedByRep: true });

  // Offline: the pad read before the connection went offers the same company and location.
  await addToPad(page, drill);
  await page.goto('/dashboard/order-pad');
  await expect(page.getByLabel('Deliver to').locator('option:checked')).toHaveText('Bradford depot');
  // The reload offline starts from what the persister kept.
  await waitForPersistedQuery(page, 'rep-companies');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await expect(page.getByLabel('Ordering for').locator('option:checked')).toHaveText('Dana Counter');
  await expect(page.getByLabel('Deliver to').locator('option:checked')).toHaveText('Bradford depot');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Saved offline. It will be sent when you are back online.')).toBeVisible();
  await expect(page.getByTestId('queued-orders')).toContainText(drill.name);
  await expect(page.getByTestId('queued-orders').getByTestId('queued-for-company').filter({ visible: true })).toHaveText('For Dana Counter');
  expect(await ordersOf(rita)).toHaveLength(1);

  await context.setOffline(false);
  await expect.poll(async () => (await ordersOf(rita)).length, { timeout: 30_000 }).toBe(2);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('queued-orders')).toHaveCount(0);
  const second = (await ordersOf(rita)).find((order) => order._id !== first?._id);
  expect(second).toMatchObject({ companyId, locationName: 'Bradford depot', userAddress: bradford.address, placedByRep: true });
  // Sent once: a reload and another 'online' event send nothing more.
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(rows).toHaveCount(2);
  expect(await ordersOf(rita)).toHaveLength(2);
  await screenshotsAtWidths(page, 'sales-reps-my-orders', async (shown) => {
    await expect(shown.getByTestId('order-placed-by').filter({ visible: true })).toHaveCount(2);
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The company's admin sees both, placed by the rep.
  const danaPage = await pageOf(browser, dana);
  await danaPage.goto('/dashboard/my-orders');
  await expect(danaPage.getByRole('row').filter({ hasText: drill.name })).toHaveCount(2);
  await expect(danaPage.getByTestId('order-placed-by').filter({ visible: true })).toHaveText([
    'Placed by rep Rita Rep · To Bradford depot',
    'Placed by rep Rita Rep · To Bradford depot',
  ]);
  await screenshotsAtWidths(danaPage, 'sales-reps-dealer-orders', async (shown) => {
    await expect(shown.getByTestId('order-placed-by').filter({ visible: true })).toHaveCount(2);
  });
  await danaPage.context().close();

  // The shop's audit log has both orders, placed by the rep for the company.
  const shopAdmin = await createUser({ displayName: 'Shop Admin', admin: true });
  const adminPage = await pageOf(browser, shopAdmin);
  await adminPage.goto('/dashboard/audit-log');
  await adminPage.getByLabel('Who (e-mail)').fill(rita.email);
  await adminPage.getByRole('button', { name: 'Show', exact: true }).click();
  const placedEntries = adminPage.getByTestId('audit-entry').filter({ hasText: 'Placed an order for the company' });
  await expect(placedEntries).toHaveCount(2);
  await expect(placedEntries.first()).toContainText('Dana Counter');
  await expect(placedEntries.first()).toContainText('Sales rep');
  await adminPage.context().close();

  // An admin page is not the rep's: it is treated as a customer is, signed out and sent to log in.
  await page.goto('/dashboard/manage-orders');
  await expect(page).toHaveURL(/\/login$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toHaveCount(0);
});

test('a sales rep without companies reads why it cannot place an order', async ({ page, adminToken, createUser, createProduct }) => {
  const saw = await createProduct({ name: 'Rep Journey Saw', minOrderQnt: 2 });
  const sam = await createUser({ displayName: 'Sam Rep' });
  const made = await api('PUT', `/user/rep/${encodeURIComponent(sam.email)}`, { token: adminToken });
  expect(made.status, JSON.stringify(made.body)).toBe(200);

  await signIn(page, sam);
  await addToPad(page, saw);
  await expect(page.getByTestId('ordering-for-note')).toHaveText('No company is assigned to you yet; an admin assigns them on the Companies page.');
  await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeDisabled();
  await page.goto('/dashboard/order-pad');
  await expect(page.getByTestId('ordering-for-note')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  await screenshotsAtWidths(page, 'sales-reps-no-company', async (shown) => {
    await expect(shown.getByTestId('ordering-for-note')).toBeVisible();
  });

  // A dealer's own pages are not a rep's: it belongs to no company and posts no reviews.
  for (const path of ['/dashboard/my-company', '/dashboard/add-review']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/u);
  }
});
