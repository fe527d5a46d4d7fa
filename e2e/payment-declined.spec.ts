// A declined card: the processor's message in red under the form and the 'Payment failed!' toast;
// the order stays Unpaid and can be paid with another card; each retry takes the failure toast away, and the
// success screen offers the invoice.

import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures';

test('a declined card shows the decline message, and another card then pays', async ({ page, request, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Dee Clined' });
  const product = await createProduct({ name: 'Forgeline CS184 Circular Saw', price: 149, availableQnt: 640, minOrderQnt: 20 });
  const placed = await request.post('/api/orders', {
    headers: user.auth,
    data: {
      productId: product._id,
      orderQuantity: product.minOrderQnt,
      userAddress: '9 Canal Side, Leeds',
      userPhone: '0113 555 0190',
      clientOrderId: randomUUID(),
    },
  });
  const { insertedId } = (await placed.json()) as { insertedId: string };

  await signIn(page, user);
  await page.goto(`/dashboard/payment/${insertedId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Pay for ${product.name}` })).toBeVisible();
  const year = String(new Date().getFullYear() + 2).slice(2);

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM / YY)').fill(`08${year}`);
  await page.getByLabel('CVC').fill('321');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment failed!')).toBeVisible();
  const error = page.getByTestId('payment-error');
  await expect(error).toHaveText('Your card was declined.');
  await expect(error).toHaveCSS('color', 'rgb(201, 42, 42)');

  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(error).toHaveText('Your card has insufficient funds.');
  // One failure toast at a time: the retry took the first away, the new failure shows its own.
  await expect(page.getByText('Payment failed!')).toHaveCount(1);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is successful. You will get your products within 7 official days.')).toBeVisible();
  // The retry that succeeded took the failure toast away; the invoice is one tap from the success screen.
  await expect(page.getByText('Payment failed!')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Invoice/u }).click();
  expect((await download).suggestedFilename()).toMatch(/^forgeline-invoice-.+\.pdf$/u);
});
