// The buying path: order a tool in bulk, find it in My Orders, pay it in the sandbox, see it Paid.

import { expect, signIn, test } from './fixtures';

test('a dealer orders in bulk, sees the order in My Orders, pays with 4242 4242 4242 4242 and sees it Paid', async ({ page, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Dana Dealer' });
  const product = await createProduct({ name: 'Forgeline DH30 Demolition Hammer', price: 489, availableQnt: 220, minOrderQnt: 5 });
  await signIn(page, user);

  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(`${product.minOrderQnt} pcs.`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Dana Dealer');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);

  const quantity = page.getByLabel('Order quantity (pcs.)');
  const order = page.getByRole('button', { name: 'Order', exact: true });
  await expect(quantity).toHaveValue(String(product.minOrderQnt));
  await expect(page.getByTestId('order-total')).toHaveText(`$${(product.minOrderQnt * product.price).toLocaleString('en-US')}`);

  // Out of range: the spec's message and a disabled button; in range again: enabled, live total.
  await quantity.fill(String(product.minOrderQnt - 1));
  await expect(page.getByText(`Quantity should be in ${product.minOrderQnt} to ${product.availableQnt}.`)).toBeVisible();
  await expect(order).toBeDisabled();
  await quantity.fill(String(product.availableQnt + 1));
  await expect(order).toBeDisabled();
  await quantity.fill('12');
  await expect(order).toBeEnabled();
  await expect(page.getByTestId('order-total')).toHaveText(`$${(12 * product.price).toLocaleString('en-US')}`);

  // Address and phone are required: submitting empty focuses the address with its message.
  await order.click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByLabel('Address')).toBeFocused();
  await page.getByLabel('Address').fill('48 Quay Street, Galway, Ireland');
  await page.getByLabel('Phone').fill('+353 91 555 0142');
  await order.click();

  await expect(page.getByText('Order added. Please pay from dashboard!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  const row = page.getByRole('row', { name: new RegExp(product.name, 'u') });
  await expect(row).toContainText('12');
  await expect(row).toContainText(`$${(12 * product.price).toLocaleString('en-US')}`);
  await expect(row).toContainText('N/A');
  await expect(row).toContainText('Unpaid');

  await row.getByRole('link', { name: `Pay for ${product.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pay for ${product.name}` })).toBeVisible();
  await expect(page.getByText('Hello, Dana Dealer!')).toBeVisible();
  await expect(page.getByText('Test mode: no real charge')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByText('Congrats! Your payment is successful. You will get your products within 7 official days.')).toBeVisible();
  const transactionId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_/u);

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  const paid = page.getByRole('row', { name: new RegExp(product.name, 'u') });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText(transactionId.slice(0, 20));
  await expect(paid.getByRole('link', { name: /Pay for/u })).toHaveCount(0);
});
