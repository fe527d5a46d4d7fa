// An order drafted at an old price: the server refuses it with the current product, the page shows the
// new price, and the dealer confirms the new total.

import type { APIRequestContext } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures';

async function productNamed(request: APIRequestContext, name: string) {
  const products = (await (await request.get('/api/products')).json()) as { _id: string; name: string; price: number; minOrderQnt: number }[];
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no seeded product ${name}`);
  return product;
}

test('a changed price is shown to the dealer, who confirms the new total', async ({ page, request }) => {
  const user = await createAccount('Price Watcher');
  const product = await productNamed(request, 'Forgeline MS255 Chop Saw');
  await signIn(page, user);
  // The page was opened when the saw cost $10 less, and the price went up before the dealer pressed Order.
  await page.route(`**/api/products/${product._id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { price: number };
    await route.fulfill({ response, json: { ...body, price: body.price - 10 } });
  });
  await page.goto(`/products/${product._id}`);
  await expect(page.getByText(`$${(product.price - 10).toLocaleString('en-US')}`, { exact: true })).toBeVisible();
  await page.unrouteAll();
  await page.getByLabel('Address').fill('7 Dock Lane, Hull');
  await page.getByLabel('Phone').fill('01482 555 019');
  await page.getByRole('button', { name: 'Order', exact: true }).click();

  await expect(page.getByText('Failed to add order. Try Again!')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The price has changed' })).toContainText(`to $${product.price.toLocaleString('en-US')} per unit`);
  await expect(page.getByTestId('order-total')).toHaveText(`$${(product.minOrderQnt * product.price).toLocaleString('en-US')}`);
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Order added. Please pay from dashboard!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
});
