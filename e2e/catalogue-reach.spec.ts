// The catalogue one tap away for a signed-in dealer (docs/storefront.md, "Finding a tool"): from any screen
// the top bar's search finds a tool by its full SKU ("FL-CS123456") and by the SKU's own part
// ("CS123456"), and opens its purchase page; Enter opens Our Tools with the search; the Catalogue link
// leads there too; the list view shows price and stock per row and is remembered after a reload; and the
// bar's search works offline from the saved catalogue.

import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CATALOGUE_PAGE_SIZE } from '../src/contract/product';
import { api, expect, signIn, test, type E2eProduct } from './fixtures';
import { expectNoViolations } from './screen-helpers';
import { readStore, waitForServiceWorker } from './offline-helpers';

const WIDTHS = [390, 768, 1024, 1440];
/** From md (768 px) the field is in the bar; below it a button opens it. */
const FIELD_IN_BAR = 768;
/** The bar's links (Catalogue among them) fold into Menu below lg. */
const LINKS_IN_BAR = 992;
/** From xl the Catalogue link is in the bar beside the search field. */
const WIDE = 1200;

const bar = (page: Page) => page.getByRole('banner');
const finder = (page: Page) => bar(page).getByRole('combobox', { name: 'Find a tool' });

/** The bar's search field, opened first on a phone. */
async function openFinder(page: Page, width: number) {
  if (width < FIELD_IN_BAR) {
    const button = bar(page).getByRole('button', { name: 'Find a tool' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  const field = finder(page);
  await expect(field).toBeVisible();
  return field;
}

/** axe over one part of the page: the bar with its open list, or Our Tools as a list. */

async function makeTool(createProduct: (fields: { name: string; sku: string }) => Promise<E2eProduct>, adminToken: string) {
  const short = `CS${randomInt(100_000, 999_999)}`;
  const tool = await createProduct({ name: 'Reach Chop Saw', sku: `FL-${short}` });
  // A volume price, shown beside the list price in a row of the list.
  const rules = await api('PATCH', `/products/${tool._id}`, { token: adminToken, body: { priceTiers: [{ minQnt: 50, price: 80 }] } });
  expect(rules.status).toBe(200);
  return { tool, short, sku: `FL-${short}` };
}

for (const width of WIDTHS) {
  test(`a signed-in dealer reaches the catalogue from the top bar at ${width} px`, async ({ page, createUser, createProduct, adminToken }) => {
    test.setTimeout(240_000);
    const dealer = await createUser({ displayName: 'Counter Dealer' });
    const { tool, short, sku } = await makeTool(createProduct, adminToken);
    // Signed in where Logout is in the bar, then at the width of the device.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, dealer);
    await page.setViewportSize({ width, height: 900 });
    // From a screen far from the catalogue.
    await page.goto('/dashboard/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

    // The full SKU: the tool is listed under the field with its price and stock, and opens its purchase page.
    const field = await openFinder(page, width);
    await field.fill(sku);
    const option = bar(page).getByRole('option', { name: new RegExp(tool.name, 'u') });
    await expect(option).toBeVisible();
    await expect(option).toContainText('$90');
    await expect(option).toContainText('100 in stock');
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-search-${width}.png` });
    await expectNoViolations(page, `the bar's search open at ${width} px`, 'header');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/products/${tool._id}$`, 'u'));
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    // The field is cleared for the next tool; on a phone it closed.
    if (width >= FIELD_IN_BAR) await expect(finder(page)).toHaveValue('');
    else await expect(finder(page)).toBeHidden();

    // The SKU's own part, chosen with the keys.
    const again = await openFinder(page, width);
    await again.fill(short);
    await expect(bar(page).getByRole('option', { name: new RegExp(tool.name, 'u') })).toBeVisible();
    await again.press('ArrowDown');
    await expect(again).toHaveAttribute('aria-activedescendant', /.+/u);
    await again.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products/${tool._id}$`, 'u'));

    // Enter without choosing: Our Tools, filtered by the search.
    const third = await openFinder(page, width);
    await third.fill(short);
    await expect(bar(page).getByRole('option', { name: new RegExp(tool.name, 'u') })).toBeVisible();
    await third.press('Enter');
    await expect(page).toHaveURL(/\/\?q=.*#tools-search$/u);
    const tools = page.locator('section#tools');
    await expect(tools.getByRole('searchbox', { name: 'Search tools' })).toHaveValue(short);
    await expect(page.getByTestId('tools-count')).toHaveText('Showing 1 of 1 tool');
    await expect(tools.getByRole('heading', { level: 3, name: tool.name })).toBeInViewport();
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-enter-${width}.png` });

    // The list view: price, volume price and stock in the tool's row, with its actions.
    await tools.getByRole('group', { name: 'Show tools as' }).getByRole('button', { name: 'List' }).click();
    const row = page.getByTestId('tool-rows').getByRole('listitem').filter({ hasText: tool.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('$90');
    await expect(row.getByTestId('volume-price')).toHaveText('$80 from 50 pcs.');
    await expect(row.getByTestId('row-stock')).toContainText('100 pcs.');
    await expect(row.getByRole('link', { name: 'Order Now' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Add to order' })).toBeVisible();
    await page.evaluate(() => document.getElementById('tools-search')?.scrollIntoView({ behavior: 'instant' }));
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-list-${width}.png` });
    await expectNoViolations(page, `Our Tools as a list at ${width} px`, '#tools');

    // The way to the whole catalogue from another screen: the Catalogue link, in Menu below lg and in the
    // bar from xl; in between the bar's field offers it.
    await page.goto('/dashboard');
    if (width < LINKS_IN_BAR) {
      await bar(page).getByRole('button', { name: 'Menu' }).click();
      await bar(page).getByRole('link', { name: 'Catalogue' }).click();
    } else if (width < WIDE) {
      await expect(bar(page).getByRole('link', { name: 'Catalogue' })).toBeHidden();
      await finder(page).focus();
      await bar(page).getByRole('option', { name: 'Browse the whole catalogue' }).click();
    } else {
      await bar(page).getByRole('link', { name: 'Catalogue' }).click();
    }
    await expect(page).toHaveURL(/\/#tools$/u);
    await expect(page.getByRole('heading', { level: 2, name: 'Our Tools' })).toBeInViewport();
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-jump-${width}.png` });

    // Remembered on the device: after a reload the catalogue is still a list.
    await page.reload();
    await expect(tools.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('tool-rows').getByRole('listitem').first()).toBeVisible();
    // One page of rows, as the cards: never the whole catalogue at once. Other journeys add and delete tools
    // meanwhile, and the list follows the catalogue live: the count and the rows are read together.
    const onePage = async () => {
      const said = Number((/^Showing (\d+) of/u.exec((await page.getByTestId('tools-count').textContent()) ?? '') ?? [])[1]);
      const rows = await page.getByTestId('tool-rows').getByRole('listitem').count();
      return said > 0 && said <= CATALOGUE_PAGE_SIZE && rows === said;
    };
    await expect.poll(onePage, { message: 'the rows are the one page the count says, at most a page' }).toBe(true);
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-list-page-${width}.png`, fullPage: false });
    // The cards come back with one press, and that is remembered too.
    await tools.getByRole('button', { name: 'Cards' }).click();
    await expect(page.getByTestId('tool-rows')).toHaveCount(0);
    await page.reload();
    await expect(tools.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  });
}

for (const width of [390, 1024]) {
  test(`offline, the bar's search finds a tool in the saved catalogue at ${width} px`, async ({ page, context, createUser, createProduct, adminToken }) => {
    test.setTimeout(240_000);
    const dealer = await createUser({ displayName: 'Offline Counter' });
    const { tool, short, sku } = await makeTool(createProduct, adminToken);
    // Signed in where Logout is in the bar, then at the width of the device.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, dealer);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await waitForServiceWorker(page);
    // The saved catalogue holds the tool before the connection goes.
    await expect.poll(async () => (await readStore<{ _id: string }>(page, 'products')).some((saved) => saved._id === tool._id), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toContainText('Offline');

    const field = await openFinder(page, width);
    await field.fill(short);
    const option = bar(page).getByRole('option', { name: new RegExp(tool.name, 'u') });
    await expect(option).toBeVisible();
    await expect(option).toContainText(sku);
    await page.screenshot({ path: `.tmp/screens/catalogue-reach-offline-${width}.png` });
    await option.click();
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();

    // Enter: Our Tools offline, from the saved copy.
    const again = await openFinder(page, width);
    await again.fill(sku);
    await expect(bar(page).getByRole('option', { name: new RegExp(tool.name, 'u') })).toBeVisible();
    await again.press('Enter');
    await expect(page.getByTestId('tools-count')).toHaveText('Showing 1 of 1 tool');
    await context.setOffline(false);
  });
}
