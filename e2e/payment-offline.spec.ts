// Payment needs a connection (docs/architecture.md, "Offline"): offline, Pay is off and the page says why.

import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures';

test('the Pay button is off with a visible reason while offline, and back on when the connection returns', async ({
  page,
  context,
  request,
  createUser,
  createProduct,
}) => {
  const user = await createUser({ displayName: 'Otto Offline' });
  const product = await createProduct({ name: 'Forgeline JS80 Pendulum Jigsaw', price: 119, availableQnt: 760, minOrderQnt: 25 });
  const placed = await request.post('/api/orders', {
    headers: user.auth,
    data: {
      productId: product._id,
      orderQuantity: product.minOrderQnt,
      userAddress: '2 Wharf Row, Bristol',
      userPhone: '0117 555 0133',
      clientOrderId: randomUUID(),
    },
  });
  const { insertedId } = (await placed.json()) as { insertedId: string };

  await signIn(page, user);
  await page.goto(`/dashboard/payment/${insertedId}`);
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();

  await context.setOffline(true);
  await expect(pay).toBeDisabled();
  await expect(page.getByText('You are offline. This needs a connection.')).toBeVisible();

  await context.setOffline(false);
  await expect(pay).toBeEnabled();
});
