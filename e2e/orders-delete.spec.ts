// Deleting an unpaid order from My Orders through the 'Delete Alert!' modal.

import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures';

test('a dealer deletes an unpaid order through the confirmation modal', async ({ page, request, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Del Dealer' });
  const product = await createProduct({ name: 'Forgeline CC40 Cable Cutter', price: 529, availableQnt: 140, minOrderQnt: 5 });
  const placed = await request.post('/api/orders', {
    headers: user.auth,
    data: {
      productId: product._id,
      orderQuantity: product.minOrderQnt,
      userAddress: '3 Mill Road, Derby',
      userPhone: '01332 555 010',
      clientOrderId: randomUUID(),
    },
  });
  expect(placed.status()).toBe(201);

  await signIn(page, user);
  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row', { name: new RegExp(product.name, 'u') });
  await expect(row).toContainText('Unpaid');

  // Close first: nothing happens, and focus goes back to the Delete button.
  const deleteButton = row.getByRole('button', { name: `Delete ${product.name}` });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete Alert!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(product.name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Deleted Successfully!')).toBeVisible();
  await expect(page.getByText('You have no order to show')).toBeVisible();
});
