// Where the next order goes: a dealer whose profile has no address yet finds the pad and the purchase page
// filled with the delivery of the latest order, also after "Order again"; once the profile has an address,
// that one.

import { expect, orderThroughApi, payThroughApi, signIn, test } from './fixtures';

test('the pad and the purchase page start from the latest delivery, then from the profile', async ({ page, createUser, createProduct }) => {
  const dealer = await createUser({ displayName: 'Delivery Default Dealer' });
  const product = await createProduct({ name: 'Forgeline DD18 Delivery Drill', price: 120, availableQnt: 500, minOrderQnt: 2 });
  const placed = await orderThroughApi(dealer, product, 2);
  expect(placed.status).toBe(201);
  // Order again is offered for a paid order.
  await payThroughApi(dealer, placed.body.insertedId);
  await signIn(page, dealer);

  await page.goto('/dashboard/my-orders');
  await page
    .getByRole('button', { name: /Order again/u })
    .first()
    .click();
  await page.getByRole('button', { name: 'Open order pad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('1 Other Street, Leeds');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 113 555 0100');

  await page.goto(`/products/${product._id}`);
  await expect(page.getByLabel('Address')).toHaveValue('1 Other Street, Leeds');

  // The profile's own address wins once the dealer has saved one.
  await page.goto('/dashboard');
  await page.getByLabel('Address').fill('9 Counter Road, York');
  await page.getByLabel('Phone').fill('+44 1904 555 0199');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(/updated/iu).first()).toBeVisible();
  await page.goto('/dashboard/order-pad');
  await expect(page.getByLabel('Address')).toHaveValue('9 Counter Road, York');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 1904 555 0199');
});
