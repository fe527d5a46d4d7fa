// Live orders (docs/architecture.md, "Live orders"): an admin keeps Manage Orders open while a dealer, in
// another browser, places and pays an order; the admin's page shows it Unpaid, then Pending, without a
// reload, and the menu's count of paid orders to ship goes up. A second admin ships it, and the first
// admin's page follows again.

import type { Page } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';

/** The number beside "Manage Orders" in the dashboard menu (paid orders waiting to ship). */
async function menuCount(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('link', { name: /^Manage Orders/u })
      .locator('.badge')
      .textContent()) ?? '';
  return Number(/^\d+/u.exec(text.trim())?.[0] ?? Number.NaN);
}

/**
 * Other journeys pay and ship orders at the same time, so the menu is checked against the server's own count
 * of paid orders to ship, read while polling.
 */
async function menuMatchesServer(page: Page, token: string): Promise<string> {
  const shown = await menuCount(page);
  const { body } = await api<{ toShip: number }>('GET', '/admin/sales', { token });
  return shown === body.toShip ? 'same' : `menu ${shown}, server ${body.toShip}`;
}

async function openManageOrders(page: Page, search: string) {
  await page.goto('/dashboard/manage-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
  await page.getByLabel('Search by order, customer, e-mail or tool').fill(search);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Orders' });
  return table.getByRole('row').filter({ has: page.getByRole('cell') });
}

test.describe('live orders', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a paid order appears Pending on an open Manage Orders without reload, and a shipment reaches it too', async ({
    page,
    browser,
    createUser,
    createProduct,
  }) => {
    test.setTimeout(240_000);
    const admin = await createUser({ admin: true });
    const otherAdmin = await createUser({ admin: true });
    const dealer = await createUser({ displayName: 'Lena Live' });
    const product = await createProduct({
      name: `Forgeline LV${Date.now().toString(36).slice(-4).toUpperCase()} Live Impact Driver`,
      price: 149,
      availableQnt: 300,
      minOrderQnt: 2,
    });

    await signIn(page, admin);
    const rows = await openManageOrders(page, dealer.email);
    await expect(page.getByText('No orders match this filter.')).toBeVisible();
    await expect.poll(() => menuMatchesServer(page, admin.token)).toBe('same');
    // Nothing on the admin's page may reload from here on.
    await page.evaluate(() => ((window as unknown as { liveMarker: string }).liveMarker = 'still here'));

    // The dealer, in a browser of their own, orders and pays on the product and payment pages.
    const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const dealerPage = await dealerContext.newPage();
    await signIn(dealerPage, dealer);
    await dealerPage.goto(`/products/${product._id}`);
    await dealerPage.getByLabel('Order quantity (pcs.)').fill('4');
    await dealerPage.getByLabel('Address').fill('3 Mill Lane, Bradford BD1 1AA');
    await dealerPage.getByLabel('Phone').fill('+44 1274 496000');
    await dealerPage.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(dealerPage.getByText('Order added. Please pay from dashboard!')).toBeVisible();

    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(product.name);
    await expect(rows.first()).toContainText('Unpaid');

    await dealerPage
      .getByRole('row', { name: new RegExp(product.name, 'u') })
      .getByRole('link', { name: `Pay for ${product.name}` })
      .click();
    await dealerPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dealerPage.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
    await dealerPage.getByLabel('CVC').fill('123');
    await dealerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(dealerPage.getByText('Payment successful!')).toBeVisible();
    const paidAt = Date.now();

    // The admin's page: Pending (the spec's word for Paid), one row, and the count the server has now.
    await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(1, { timeout: 5000 });
    const shownAfterMs = Date.now() - paidAt;
    await expect(rows).toHaveCount(1);
    await expect.poll(() => menuMatchesServer(page, admin.token)).toBe('same');
    test.info().annotations.push({ type: 'paid to Pending on the open page', description: `${shownAfterMs} ms` });
    await page.screenshot({ path: `.tmp/live-orders-1280.png` });

    // Another admin ships it; the first admin's page follows.
    const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, otherAdmin);
    const otherRows = await openManageOrders(otherPage, dealer.email);
    await otherRows
      .filter({ hasText: 'Pending' })
      .getByRole('button', { name: new RegExp(`^Mark shipped… O-\\d{4}-\\d+, ${product.name}`, 'u') })
      .click();
    await otherPage.getByRole('dialog', { name: 'Mark this order shipped?' }).getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await expect(otherPage.getByText(`${product.name} order is shipped.`)).toBeVisible();

    await expect(rows.filter({ hasText: 'Shipped' })).toHaveCount(1, { timeout: 5000 });
    await expect(rows).toHaveCount(1);
    await expect.poll(() => menuMatchesServer(page, admin.token)).toBe('same');
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('still here');

    await dealerContext.close();
    await otherContext.close();
  });

  test('the menu count is shown on phones and tablets too', async ({ page, createUser }) => {
    const admin = await createUser({ admin: true });
    await signIn(page, admin);
    for (const width of [375, 820]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/manage-orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
      // Below lg the menu is a drawer.
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      await expect.poll(() => menuCount(page)).not.toBeNaN();
      await page.screenshot({ path: `.tmp/live-orders-${width}.png` });
    }
  });
});
