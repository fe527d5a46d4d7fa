// Orders of a dealer's company (docs/decisions/040-dealer-companies.md): a company admin with two locations
// places the order pad to the one that is not the default, after a reload without a connection (the
// locations are kept on the device), and a tool from the purchase page to another address; My Orders names
// the location. A buyer invited to the same company orders too, and the company admin sees that order with
// who placed it and narrows the list to that buyer; Manage Orders finds it by company and location.

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { api, expect, joinAsBuyer, signIn, test, type E2eUser } from './fixtures';
import { dealerReady, waitForPersistedQuery } from './offline-helpers';

const leeds = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Dana Counter' };
const bradford = { name: 'Bradford depot', address: '3 Mill Lane, Bradford BD1 1AA', phone: '+44 1274 496 000', contactName: 'Sam Stores' };
const oneOff = { address: '7 Show Ground, Harrogate HG2 8NZ', phone: '+44 1423 496 000' };

type CompanyOrder = { _id: string; userId: string; userName: string; userAddress: string; locationName: string | null; companyName: string | null };
const ordersOf = async (user: E2eUser) => (await api<CompanyOrder[]>('GET', `/orders/${encodeURIComponent(user.email)}`, { token: user.token })).body;

async function addLocations(user: E2eUser): Promise<void> {
  for (const location of [leeds, bradford]) {
    const res = await api('POST', '/company/locations', { token: user.token, body: location });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

const WIDTHS = [390, 820, 1280] as const;

/** The screen at the three widths the shop is checked at, full page, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/screens/company-orders-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a company admin orders the pad to a branch offline and a tool to another address, and My Orders names the branch', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Branch Journey Drill', price: 120, availableQnt: 100, minOrderQnt: 5 });
  const dana = await createUser({ displayName: 'Dana Counter' });
  await addLocations(dana);
  await dealerReady(page, dana, [drill]);

  // Online once, the pad reads the company's locations; they are kept with the other saved answers.
  await page.goto(`/products/${drill._id}`);
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${drill.name}: 5 pcs. added to your order pad.`)).toBeVisible();
  await page.goto('/dashboard/order-pad');
  const deliverTo = page.getByLabel('Deliver to');
  await expect(deliverTo).toHaveValue(/.+/u);
  await expect(deliverTo.locator('option:checked')).toHaveText('Leeds branch (default)');
  await expect(page.getByTestId('delivery-location')).toContainText(leeds.address);
  // The reload offline starts from what the persister kept.
  await waitForPersistedQuery(page, 'company');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await expect(page.getByTestId('pad-line')).toHaveCount(1);
  await deliverTo.selectOption({ label: 'Bradford depot' });
  await expect(page.getByTestId('delivery-location')).toContainText(bradford.address);
  await expect(page.getByLabel('Address')).toHaveCount(0);
  await shoot(page, 'pad');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByTestId('queued-orders')).toContainText(drill.name);

  await context.setOffline(false);
  await expect.poll(async () => (await ordersOf(dana)).length, { timeout: 30_000 }).toBe(1);
  const [padOrder] = await ordersOf(dana);
  expect(padOrder).toMatchObject({ userAddress: bradford.address, locationName: 'Bradford depot', companyName: 'Dana Counter' });

  // The purchase page: another address, typed for this order alone.
  await page.goto(`/products/${drill._id}`);
  const pageDeliverTo = page.getByLabel('Deliver to');
  await expect(pageDeliverTo.locator('option:checked')).toHaveText('Leeds branch (default)');
  await expect(page.getByLabel('Address')).toHaveCount(0);
  await pageDeliverTo.selectOption({ label: 'Another address…' });
  await page.getByLabel('Address').fill(oneOff.address);
  await page.getByLabel('Phone').fill(oneOff.phone);
  await shoot(page, 'purchase');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  const orders = await ordersOf(dana);
  expect(orders).toHaveLength(2);
  expect(orders.find((order) => order._id !== padOrder?._id)).toMatchObject({ userAddress: oneOff.address, locationName: null });
  const rows = page.getByRole('row').filter({ hasText: drill.name });
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('order-placed-by').filter({ visible: true })).toHaveText(['To Bradford depot']);
});

/** Signs `user` in on a page of its own browser context. */
async function pageOf(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('a buyer orders for the company, and its admin sees who placed it and narrows My Orders to that buyer', async ({
  browser,
  page,
  createUser,
  createProduct,
}) => {
  const saw = await createProduct({ name: 'Buyer Journey Saw', price: 240, availableQnt: 100, minOrderQnt: 2 });
  // Invitations go to verified addresses only, from a company admin whose own address is verified.
  const dana = await createUser({ displayName: 'Dana Counter', verified: true });
  const bo = await createUser({ displayName: 'Bo Buyer', verified: true });
  await addLocations(dana);
  await joinAsBuyer(dana, bo);

  // The buyer orders from the purchase page, to the company's default location.
  const boPage = await pageOf(browser, bo);
  await boPage.goto(`/products/${saw._id}`);
  await expect(boPage.getByLabel('Deliver to').locator('option:checked')).toHaveText('Leeds branch (default)');
  await boPage.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(boPage.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await boPage.context().close();
  // And the company admin orders one of their own.
  const own = await api<{ insertedId: string }>('POST', '/orders', {
    token: dana.token,
    body: { productId: saw._id, orderQuantity: 2, userAddress: oneOff.address, userPhone: oneOff.phone, clientOrderId: randomUUID() },
  });
  expect(own.status).toBe(201);

  await signIn(page, dana);
  await page.goto('/dashboard/my-orders');
  const rows = page.getByRole('row').filter({ hasText: saw.name });
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('order-placed-by').filter({ visible: true })).toHaveText([
    'Placed by Dana Counter · To another address',
    'Placed by Bo Buyer · To Leeds branch',
  ]);
  await page.getByLabel('Placed by').selectOption({ label: 'Bo Buyer' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Placed by Bo Buyer');
  await shoot(page, 'my-orders');
  await page.getByLabel('Placed by').selectOption({ label: 'Everyone' });
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Location').selectOption({ label: 'Leeds branch' });
  await expect(rows).toHaveCount(1);

  // Manage Orders: the company, its location and who placed each order, found by company and location.
  const shopAdmin = await createUser({ displayName: 'Shop Admin', admin: true });
  const adminPage = await pageOf(browser, shopAdmin);
  await adminPage.goto('/dashboard/manage-orders');
  await adminPage.getByLabel('Company', { exact: true }).fill('Dana Counter');
  await adminPage.getByLabel('Location', { exact: true }).fill('leeds');
  await adminPage.getByRole('button', { name: 'Filter', exact: true }).click();
  const adminRows = adminPage.getByRole('row').filter({ hasText: saw.name });
  await expect(adminRows).toHaveCount(1);
  await expect(adminRows).toContainText('Placed by Bo Buyer');
  await expect(adminRows.getByTestId('order-company')).toHaveText('Dana Counter');
  await expect(adminRows.getByTestId('order-location')).toHaveText('Leeds branch');
  await shoot(adminPage, 'manage-orders');
  await adminPage.context().close();
  // Let see all the company's orders, the buyer reads the admin's too, and pays and deletes only his own.
  const seesAll = await api('PATCH', `/company/members/${bo.id}`, { token: dana.token, body: { canSeeAllOrders: true } });
  expect(seesAll.status, JSON.stringify(seesAll.body)).toBe(200);
  const boAgain = await pageOf(browser, bo);
  await boAgain.goto('/dashboard/my-orders');
  const boRows = boAgain.getByRole('row').filter({ hasText: saw.name });
  await expect(boRows).toHaveCount(2);
  const danasRow = boRows.filter({ hasText: 'Placed by Dana Counter' });
  await expect(danasRow.getByTestId('order-read-only')).toHaveText('Awaiting payment by Dana Counter or your company’s admin.');
  await expect(danasRow.getByRole('link', { name: /^Pay for/u })).toHaveCount(0);
  await expect(danasRow.getByRole('button', { name: /^Delete/u })).toHaveCount(0);
  const boRow = boRows.filter({ hasText: 'Placed by Bo Buyer' });
  await expect(boRow.getByRole('link', { name: /^Pay for/u })).toBeVisible();
  await shoot(boAgain, 'my-orders-read-only');
  await boAgain.context().close();
});
