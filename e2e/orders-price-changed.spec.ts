// An order drafted at an old price: the server refuses it with the current product, the page shows the
// new price, and the dealer confirms the new total.

import { expect, signIn, test } from './fixtures';

test('a changed price is shown to the dealer, who confirms the new total', async ({ page, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Price Watcher' });
  const product = await createProduct({ name: 'Forgeline MS255 Chop Saw', price: 329, availableQnt: 300, minOrderQnt: 10 });
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
