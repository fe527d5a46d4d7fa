// The top bar on a counter tablet and a phone: signed in, offline, with orders waiting, the Offline
// badge neither pushes Logout (or the menu button) out of the bar nor runs into the logo or the dealer's
// search, which keeps a usable width, and a toast
// appears below the bar, never over it. The dashboard's menu column reaches the bottom of the page.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';

const WIDTHS = [390, 768, 1024, 1280, 1440];

async function box(page: Page, selector: ReturnType<Page['locator']>) {
  const found = await selector.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

for (const width of WIDTHS) {
  test(`the top bar keeps Logout, the badge and the logo apart at ${width} px, offline`, async ({ page, context, createUser }) => {
    const dealer = await createUser({ displayName: 'Alexandra Montgomery-Wilson' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, dealer);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    // Offline from a page the service worker serves, as a counter tablet is after its first visit.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const badge = page.getByTestId('offline-indicator');
    await expect(badge).toBeVisible();

    const bar = page.getByRole('banner');
    const action = width >= 992 ? bar.getByRole('button', { name: 'Logout' }) : bar.getByRole('button', { name: /menu/iu }).first();
    const [actionBox, badgeBox, logoBox] = [await box(page, action), await box(page, badge), await box(page, bar.getByRole('link').first())];
    expect(actionBox.x + actionBox.width, 'the bar action is inside the window').toBeLessThanOrEqual(width);
    expect(badgeBox.x, 'the badge starts after the logo').toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
    expect(badgeBox.x + badgeBox.width, 'the badge ends before the bar action').toBeLessThanOrEqual(actionBox.x);
    // The dealer's search: a field from 768 px, wide enough for a SKU, a button below; either between the logo and the badge.
    const search = width >= 768 ? bar.getByRole('combobox', { name: 'Find a tool' }) : bar.getByRole('button', { name: 'Find a tool' });
    const searchBox = await box(page, search);
    expect(searchBox.x, 'the search starts after the logo').toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
    expect(searchBox.x + searchBox.width, 'the search ends before the badge').toBeLessThanOrEqual(badgeBox.x);
    if (width >= 768) expect(searchBox.width, 'the search field has room for a SKU').toBeGreaterThanOrEqual(140);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screens/top-bar-offline-${width}.png` });
    await context.setOffline(false);
  });
}

test('the dashboard menu column reaches the bottom of a long page, and a toast shows below the bar', async ({ page, createUser }) => {
  const admin = await createUser({ admin: true });
  await page.setViewportSize({ width: 1280, height: 700 });
  await signIn(page, admin);
  await page.goto('/dashboard/add-product');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Image is required')).toBeVisible();
  // At the bottom of the page, just above the footer, the column beside the form still has the menu's colour.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await box(page, page.getByRole('contentinfo'));
  const painted = await page.evaluate(
    ([x, y]) => {
      let node = document.elementFromPoint(x ?? 0, y ?? 0);
      while (node) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)') return `${style.backgroundColor} ${style.backgroundImage}`;
        node = node.parentElement;
      }
      return 'nothing';
    },
    [40, footer.y - 8],
  );
  expect(painted).toMatch(/rgb\(245, 247, 250\)|linear-gradient\(to right, rgb\(245, 247, 250\)/u);
  // A toast appears below the bar: a picture the server refuses (no image in its bytes) makes one, and
  // nothing is saved.
  await page.getByLabel('Product Name').fill('Toast Test Tool');
  await page.getByLabel('Description').fill('A tool that is never saved: its picture is refused. '.repeat(4));
  await page.getByLabel('Price Per Unit ($)').fill('10');
  await page.getByLabel('Available Quantity').fill('10');
  await page.getByLabel('Minimum Order Quantity').fill('1');
  await page.getByLabel('Product Image').setInputFiles({ name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') });
  await page.getByRole('button', { name: 'Add Product' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const bar = await box(page, page.getByRole('banner'));
  // Once it has slid in.
  await expect.poll(async () => (await box(page, toast)).y, { message: 'the toast starts below the bar' }).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.screenshot({ path: '.tmp/screens/dashboard-column-bottom-1280.png' });
});
