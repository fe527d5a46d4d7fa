// A new customer (never paid, not approved as a dealer) orders and pays as the spec's customer does, but
// the order sets no stock aside until the card is authorised (docs/decisions/027); when the last pieces
// went to a dealer who paid first, the card is not charged and the page says why.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, expect, signIn, test, type E2eProduct, type E2eUser } from './fixtures';

const stockOf = async (product: E2eProduct) => (await api<{ availableQnt: number }>('GET', `/products/${product._id}`)).body.availableQnt;

async function placeThroughApi(user: E2eUser, product: E2eProduct, orderQuantity: number): Promise<string> {
  const placed = await api<{ insertedId: string }>('POST', '/orders', {
    token: user.token,
    body: { productId: product._id, orderQuantity, userAddress: '4 Mill Lane, Sheffield', userPhone: '0114 555 0123', clientOrderId: randomUUID() },
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId;
}

async function payWithGoodCard(page: Page, productName: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Pay for ${productName}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`08${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('CVC').fill('321');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a new customer orders without reserving, pays, and the stock is taken then', async ({ page, createUser, createProduct }) => {
  const customer = await createUser({ displayName: 'Nora Newcomer', trusted: false });
  const product = await createProduct({ name: 'Forgeline PT60 Pipe Threader', price: 240, availableQnt: 90, minOrderQnt: 3 });

  await signIn(page, customer);
  await page.goto(`/products/${product._id}`);
  await page.getByLabel('Address').fill('4 Mill Lane, Sheffield');
  await page.getByLabel('Phone').fill('0114 555 0123');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Order added. Please pay from dashboard!')).toBeVisible();
  expect(await stockOf(product)).toBe(90);

  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  const row = page.getByRole('row', { name: new RegExp(product.name, 'u') });
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('Not reserved: stock is taken when you pay');
  await row.getByRole('link', { name: `Pay for ${product.name}` }).click();

  await payWithGoodCard(page, product.name);
  await expect(page.getByText('Congrats! Your payment is successful. You will get your products within 7 official days.')).toBeVisible();
  expect(await stockOf(product)).toBe(90 - product.minOrderQnt);
});

test('a new customer whose tools sold out before paying is not charged, and is told so', async ({ page, createUser, createProduct }) => {
  const customer = await createUser({ displayName: 'Omar Outpaced', trusted: false });
  const dealer = await createUser({ displayName: 'Dana Dealer' });
  const product = await createProduct({ name: 'Forgeline CC40 Cable Cutter', price: 529, availableQnt: 140, minOrderQnt: 5 });
  const orderId = await placeThroughApi(customer, product, 140);
  await placeThroughApi(dealer, product, 140);
  expect(await stockOf(product)).toBe(0);

  await signIn(page, customer);
  await page.goto(`/dashboard/payment/${orderId}`);
  await payWithGoodCard(page, product.name);
  await expect(page.getByText('Payment failed!')).toBeVisible();
  await expect(page.getByTestId('payment-error')).toHaveText(
    `Sorry, ${product.name} is sold out, so your card was not charged. Delete this order and order what is available.`,
  );
  const mine = await api<{ status: string }>('GET', `/order/${orderId}`, { token: customer.token });
  expect(mine.body.status).toBe('Unpaid');
});
