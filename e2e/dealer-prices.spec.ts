// A dealer whose company buys from a euro price list sees its own prices: on the home page's cards and on
// the order pad, with the note saying whose prices they are; offline, after a reload, the device still
// prices in euros from the list it saved, and the order placed from the pad is the server's in euros. A
// signed-out visitor sees the list prices in dollars.

import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { api, expect, serverOrders, test, type E2eProduct, type ServerOrder } from './fixtures';
import { dealerReady, waitForServiceWorker } from './offline-helpers';

const card = (page: Page, product: E2eProduct) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) });
const padLine = (page: Page, product: E2eProduct) => page.getByTestId('pad-line').filter({ hasText: product.name });
/** Euros as the device's locale writes them (the journeys' browser is en-US). */
const euros = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

/** Home's catalogue narrowed to one tool, as the top bar's search opens it. */
async function findOnHome(page: Page, product: E2eProduct) {
  await page.goto(`/?q=${encodeURIComponent(product.name)}#tools-search`);
  await expect(card(page, product)).toBeVisible();
}

/** Whether the device saved the company's list for this account (IndexedDB `meta`). */
function savedListVersion(page: Page, email: string): Promise<number | null> {
  return page.evaluate(
    (key) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('forgeline');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('meta', 'readonly').objectStore('meta').get(key);
          request.onsuccess = () => {
            db.close();
            const value = (request.result as { value?: { list?: { version?: number } | null } } | undefined)?.value;
            resolve(value?.list?.version ?? null);
          };
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        };
      }),
    `dealerPriceList:${email.toLowerCase()}`,
  );
}

test('a dealer on a euro price list sees its prices on the cards and the pad, online and offline after a reload', async ({
  page,
  context,
  createUser,
  createProduct,
  adminToken,
}) => {
  const drill = await createProduct({ name: 'Euro Journey Drill', price: 100, availableQnt: 100, minOrderQnt: 5 });
  const saw = await createProduct({ name: 'Euro Journey Saw', price: 90, availableQnt: 100, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'Euro Dealer' });
  const company = (await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token })).body.company.id;

  const created = await api<{ id: string }>('POST', '/admin/price-lists', {
    token: adminToken,
    body: { name: `Euro dealers ${randomUUID().slice(0, 8)}`, currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1_000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const listId = created.body.id;
  try {
    // The drill at a fixed €89.00; the saw at the list's rate less its 10 %: $90 × 0.92 × 0.9 = €74.52.
    const entries = await api('PUT', `/admin/price-lists/${listId}/entries`, {
      token: adminToken,
      body: { entries: [{ productId: drill._id, price: 8_900, percentOff: null, tiers: [] }] },
    });
    expect(entries.status, JSON.stringify(entries.body)).toBe(200);
    const assigned = await api('PUT', `/admin/companies/${company}/price-list`, { token: adminToken, body: { priceListId: listId } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    // A visitor sees the list price in dollars, and no note; nothing asks for a price list.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/company/price-list')) asked.push(request.url());
    });
    await findOnHome(page, drill);
    await expect(card(page, drill).getByTestId('unit-price')).toHaveText(/^\$100(\.00)?\s*\/ unit$/u);
    await expect(page.getByTestId('dealer-prices-note')).toHaveCount(0);
    expect(asked).toEqual([]);

    await dealerReady(page, dealer, [drill, saw]);
    await findOnHome(page, drill);
    await expect(card(page, drill).getByTestId('unit-price')).toContainText(euros(8_900));
    await expect(page.getByTestId('dealer-prices-note')).toHaveText(/Your company’s prices, in euros$/u);
    await findOnHome(page, saw);
    await expect(card(page, saw).getByTestId('unit-price')).toContainText(euros(7_452));

    for (const product of [drill, saw]) {
      await findOnHome(page, product);
      await card(page, product)
        .getByRole('button', { name: /Add to order/u })
        .click();
      // The line is written on the device before the page is left (leaving at once would abort the write).
      await expect(page.getByText(`${product.name}: ${product.minOrderQnt} pcs. added to your order pad.`)).toBeVisible();
    }
    await page.goto('/dashboard/order-pad');
    await expect(padLine(page, drill)).toContainText(euros(8_900));
    await expect(padLine(page, drill)).toContainText(euros(5 * 8_900));
    await expect(padLine(page, saw)).toContainText(euros(2 * 7_452));
    await expect(page.getByTestId('pad-total')).toHaveText(euros(5 * 8_900 + 2 * 7_452));
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`dealer-prices-pad-${width}.png`), fullPage: true, animations: 'disabled' });
    }

    // Offline, after a reload, the saved list prices the cards and the pad as before.
    await expect.poll(() => savedListVersion(page, dealer.email)).not.toBeNull();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('pad-total')).toHaveText(euros(5 * 8_900 + 2 * 7_452));
    await expect(padLine(page, drill)).toContainText(euros(8_900));
    await findOnHome(page, drill);
    await expect(card(page, drill).getByTestId('unit-price')).toContainText(euros(8_900));
    await expect(page.getByTestId('dealer-prices-note')).toBeVisible();
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card(page, drill).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`dealer-prices-home-offline-${width}.png`), animations: 'disabled' });
    }
    await context.setOffline(false);

    // Back online, the pad is placed with the prices it showed: the server's order is in euros, at the list's version.
    await page.goto('/dashboard/order-pad');
    await page.getByLabel('Address').fill('12 Hafenstraße, Hamburg');
    await page.getByLabel('Phone').fill('+49 40 555 0199');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-orders/u);
    type PricedOrder = ServerOrder & { totalMinor?: number; currency?: string; priceListVersion?: number | null };
    const [order] = (await serverOrders(dealer)) as PricedOrder[];
    expect(order).toMatchObject({ totalMinor: 5 * 8_900 + 2 * 7_452, currency: 'EUR', priceListVersion: expect.any(Number) });
  } finally {
    await api('PUT', `/admin/companies/${company}/price-list`, { token: adminToken, body: { priceListId: null } });
    await api('DELETE', `/admin/price-lists/${listId}`, { token: adminToken });
  }
});
