// An admin edits every field of a tool from Manage Products (name, description, SKU, category, price in
// whole dollars, stock, minimum, the bulk-order rules and the picture) and a dealer sees the change on the
// purchase page; a SKU another tool has is refused under the SKU. The editor is photographed at 390, 768,
// 1024 and 1440 px.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';

const WIDTHS = [390, 768, 1024, 1440] as const;

async function openEditor(page: Page, name: string) {
  await page.goto('/dashboard/manage-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await page.getByLabel('Search products').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  // The table or the cards, whichever this width shows: the other is hidden, and not a button to a reader.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(editor).toBeVisible();
  return editor;
}

test('an admin edits every field of a tool and a dealer sees it on the purchase page', async ({ page, browser, createUser, createProduct }) => {
  const admin = await createUser({ admin: true, displayName: 'Catalogue Editor' });
  const dealer = await createUser({ displayName: 'Purchase Page Dealer' });
  const tool = await createProduct({ name: 'Forgeline RS10 Reciprocating Saw', price: 140, availableQnt: 300, minOrderQnt: 4 });
  const holder = await createProduct({ name: 'Forgeline SKU Holder', sku: `HOLD-${randomUUID().slice(0, 6).toUpperCase()}` });
  const holderSku = ((await api<{ sku: string }>('GET', `/products/${holder._id}`, { token: admin.token })).body.sku ?? '').toUpperCase();

  await signIn(page, admin);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const editor = await openEditor(page, tool.name);
    await expect(editor.getByLabel('Product Name')).toHaveValue(tool.name);
    await page.screenshot({ path: `.tmp/screens/product-editor-${width}.png` });
    await editor.getByRole('button', { name: 'Close' }).click();
    await expect(editor).toBeHidden();
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  let editor = await openEditor(page, tool.name);
  // A SKU another tool has is refused, and said under the SKU; nothing is saved.
  await editor.getByLabel('SKU').fill(holderSku.toLowerCase());
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('That SKU is already used by another tool.').first()).toBeVisible();
  await expect(editor.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('button', { name: 'Close' }).click();

  const name = `Forgeline RS12 Brushless Reciprocating Saw ${randomUUID().slice(0, 6).toUpperCase()}`;
  const sku = `RS12-${randomUUID().slice(0, 6).toUpperCase()}`;
  const description =
    'The brushless RS12 cuts timber, nail-embedded wood and steel pipe with a four-position orbital action, a tool-free blade clamp ' +
    'and an anti-vibration grip; boxed in fours for trade counters.';
  editor = await openEditor(page, tool.name);
  await editor.getByLabel('Product Name').fill(name);
  await editor.getByLabel('Description').fill(description);
  await editor.getByLabel('SKU').fill(sku.toLowerCase());
  await editor.getByLabel('Category').fill('Reciprocating Saws');
  // A price in cents is refused in the browser as on the server: whole dollars only.
  await editor.getByLabel('Price Per Unit ($)').fill('155.50');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('Enter a whole number greater than 0')).toBeVisible();
  await editor.getByLabel('Price Per Unit ($)').fill('155');
  await editor.getByLabel('Available Quantity').fill('720');
  await editor.getByLabel('Minimum Order Quantity').fill('8');
  await editor.getByLabel('Pack size').fill('4');
  await editor.getByLabel('Maximum per order').fill('400');
  await editor
    .getByLabel('Product Image')
    .setInputFiles({ name: 'rs12.png', mimeType: 'image/png', buffer: await readFile('public/icons/icon-maskable-512.png') });
  await expect(editor.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/product-editor-filled-1280.png' });
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();
  await expect(editor).toBeHidden();
  await page.getByLabel('Search products').fill(sku);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(name, 'u') });
  await expect(row).toContainText('$155');
  await expect(row).toContainText('720');
  await expect(row).toContainText('In packs of 4, at most 400 per order');

  const saved = (await api<{ imageUrl: string }>('GET', `/products/${tool._id}`, { token: admin.token })).body;
  expect(saved.imageUrl).not.toBe(tool.imageUrl);

  // The dealer's purchase page shows every field as edited.
  const dealerContext = await browser.newContext();
  const shop = await dealerContext.newPage();
  await signIn(shop, dealer);
  await shop.goto(`/products/${tool._id}`);
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shop.getByText(description)).toBeVisible();
  await expect(shop.getByTestId('product-sku')).toHaveText(`SKU ${sku} · Reciprocating Saws`);
  const facts = shop.locator('dl').first();
  await expect(facts).toContainText('Minimum order8 pcs.');
  await expect(facts).toContainText('Available720 pcs.');
  await expect(facts).toContainText('Price per unit$155');
  await expect(shop.getByTestId('product-rules')).toContainText('Ordering rules: in packs of 4, at most 400 per order.');
  await expect(shop.getByRole('img', { name })).toHaveAttribute('src', saved.imageUrl);
  await dealerContext.close();
});
