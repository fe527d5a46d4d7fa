// Finding a tool in a large catalogue (docs/storefront.md): the search box answers by name, SKU
// and words of the description as the dealer types, the category chips narrow the list, Show more adds
// a page of cards, and all of it keeps working offline over the saved catalogue.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CATALOGUE_PAGE_SIZE } from '../src/contract/product';
import { api, expect, test, type E2eProduct } from './fixtures';
import { readStore, waitForServiceWorker } from './offline-helpers';

const cards = (page: Page) => page.locator('section#tools li').filter({ has: page.getByRole('link', { name: 'Order Now' }) });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search tools' });
const chips = (page: Page) => page.getByRole('group', { name: 'Categories' });

async function expectOnlyTools(page: Page, shown: number, total: number, word: string) {
  await expect(page.getByTestId('tools-count')).toHaveText(`Showing ${shown} of ${total} ${total === 1 ? 'tool' : 'tools'}`);
  await expect(cards(page)).toHaveCount(shown);
  for (const name of await cards(page).getByRole('heading', { level: 3 }).allTextContents()) expect(name).toContain(word);
}

test('search by name and SKU, a category chip, Show more, and the same search offline', async ({ page, context, createProduct }) => {
  test.setTimeout(240_000);
  // A word no other tool has, so this journey's tools are the only matches whatever runs alongside.
  const word = `Qz${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const category = `Journey ${word}`;
  const count = CATALOGUE_PAGE_SIZE + 2;
  const made: E2eProduct[] = [];
  for (let i = 0; i < count; i += 6) {
    const batch = Array.from({ length: Math.min(6, count - i) }, (_, j) =>
      createProduct({ name: `${word} Impact Driver ${i + j}`, ...(i + j < 3 ? { category } : {}) }),
    );
    made.push(...(await Promise.all(batch)));
  }
  const target = made[7];
  if (!target) throw new Error('no product made');
  const { body: targetOnServer } = await api<{ sku: string }>('GET', `/products/${target._id}`);

  await page.goto('/');
  await waitForServiceWorker(page);
  await expect(cards(page).first()).toBeVisible();
  // The first sync starts once the service worker controls the page (decision 021): the searches below are
  // answered from the saved copy, then confirmed by the server, once it holds this journey's tools.
  await expect
    .poll(async () => (await readStore<{ name: string }>(page, 'products')).filter((p) => p.name.includes(word)).length, { timeout: 30_000 })
    .toBe(count);

  // Part of the name: only this journey's tools, one page of them.
  await searchBox(page).fill(word.slice(0, -2).toLowerCase());
  await expectOnlyTools(page, CATALOGUE_PAGE_SIZE, count, word);

  // Show more adds the rest.
  await page.getByRole('button', { name: 'Show more' }).click();
  await expectOnlyTools(page, count, count, word);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // A SKU finds that one tool, which shows its SKU.
  await searchBox(page).fill(targetOnServer.sku);
  await expectOnlyTools(page, 1, 1, target.name);
  await expect(cards(page).first()).toContainText(`SKU ${targetOnServer.sku}`);

  // A category chip: only that category's tools; All lifts it.
  await searchBox(page).fill('');
  const chip = chips(page).getByRole('button', { name: new RegExp(`^${category}`, 'u') });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expectOnlyTools(page, 3, 3, word);
  await chips(page).getByRole('button', { name: /^All/u }).click();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(CATALOGUE_PAGE_SIZE);

  // Offline, over the saved catalogue: once the sync has saved this journey's tools.
  await expect
    .poll(async () => (await readStore<{ name: string }>(page, 'products')).filter((p) => p.name.includes(word)).length, { timeout: 30_000 })
    .toBe(count);
  await context.setOffline(true);
  await searchBox(page).fill(`${word.toLowerCase()} driver`);
  await expectOnlyTools(page, CATALOGUE_PAGE_SIZE, count, word);
  await searchBox(page).fill(`${word} ${target.name.split(' ').at(-2) ?? ''} ${target.name.split(' ').at(-1) ?? ''}`);
  await expectOnlyTools(page, 1, 1, target.name);

  // A reload without a connection: the app comes from the service worker, the search from the saved copy.
  await page.reload();
  await expect(page.getByTestId('offline-catalogue')).toContainText('Offline: showing the catalogue saved at');
  await searchBox(page).fill(word);
  await expectOnlyTools(page, CATALOGUE_PAGE_SIZE, count, word);
  await chips(page)
    .getByRole('button', { name: new RegExp(`^${category}`, 'u') })
    .click();
  await expectOnlyTools(page, 3, 3, word);
  await context.setOffline(false);
});
