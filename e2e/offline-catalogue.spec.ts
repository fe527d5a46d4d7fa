// Offline reading (docs/architecture.md, "Offline"): with the connection gone, the installed app still
// starts, and the catalogue, a product page and the reviews come from IndexedDB, saying from when they are.

import { CATALOGUE_PAGE_SIZE } from '../src/contract/product';
import { expect, signIn, test } from './fixtures';
import { readStore, waitForCachedPicture, waitForSavedCatalogue, waitForServiceWorker } from './offline-helpers';

test('offline, a reload shows the shell, the saved catalogue and reviews, and says from when they are', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForSavedCatalogue(page);
  await expect(page.getByTestId('offline-catalogue')).toHaveCount(0);
  // Newest first, as the home page lists them; it shows one page of them.
  const savedNow = async () =>
    (await readStore<{ name: string; position: number; imageUrl: string }>(page, 'products')).sort((a, b) => a.position - b.position);
  // The first card's picture is fetched for offline use in the background, after the catalogue is saved.
  const firstPicture = (await savedNow())[0]?.imageUrl;
  if (!firstPicture) throw new Error('no saved product');
  await waitForCachedPicture(page, firstPicture);

  await context.setOffline(true);
  // Read once offline: until then, journeys running alongside add and delete tools, and the saved copy follows.
  const saved = await savedNow();
  await page.reload();

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toContainText('Offline');
  await expect(page.getByTestId('offline-catalogue')).toContainText('Offline: showing the catalogue saved at');
  await expect(page.getByRole('link', { name: 'Order Now' })).toHaveCount(Math.min(saved.length, CATALOGUE_PAGE_SIZE));
  for (const product of saved.slice(0, 3)) await expect(page.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  // The reviews carousel is filled from the saved reviews.
  const carousel = page.getByRole('region', { name: /review/i }).first();
  await expect(carousel).toBeVisible();
  await expect(carousel.getByText(/\w{4,}/u).first()).toBeVisible();

  // Pictures of saved products come from the worker's image cache.
  const firstImage = page.locator('#tools img').first();
  await firstImage.scrollIntoViewIfNeeded();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Back online, the next fetch replaces the saved copy and the notice goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
  await expect(page.getByTestId('offline-catalogue')).toHaveCount(0);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
});

test('a signed-in dealer opens a saved product purchase page offline', async ({ page, context, createUser }) => {
  const dealer = await createUser({ displayName: 'Offline Dealer' });
  await signIn(page, dealer);
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForSavedCatalogue(page);
  const [product] = await readStore<{ _id: string; name: string }>(page, 'products');
  if (!product) throw new Error('no saved product');

  await context.setOffline(true);
  await page.goto(`/products/${product._id}`);

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('offline-catalogue')).toBeVisible();
  await expect(page.getByLabel('Address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeVisible();
});
