// Quantities are judged the same way everywhere (src/contract/quantity-rules.ts): the quick entry rounds a
// quantity below the minimum or off the pack up and says so, or refuses it with the reason; the pad's
// totals count only lines that can be ordered and Place order waits, saying why; the purchase page's range
// reaches the real bound (the tool's maximum here, below its stock) and names it. Screenshots of the pad
// and the purchase page at four widths go to .tmp/screens.

import type { Page } from '@playwright/test';
import { api, expect, signIn, test, type E2eProduct } from './fixtures';

const WIDTHS = [390, 768, 1024, 1440] as const;

/** The random tail the fixture gives each product's name: typing it finds this journey's tool. */
const tail = (product: E2eProduct) => product.name.split(' ').at(-1) ?? '';
const padLine = (page: Page, product: E2eProduct) => page.getByTestId('pad-line').filter({ hasText: product.name });
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** Sets a tool's bulk-order rules, as an admin does on Manage Products. */
async function setRules(adminToken: string, product: E2eProduct, rules: { maxOrderQnt?: number; packSize?: number }) {
  expect((await api('PATCH', `/products/${product._id}`, { token: adminToken, body: rules })).status).toBe(200);
}

/** Picks the tool in the quick-entry line and types the quantity, then Enter; what happens next is the test's. */
async function quickEnter(page: Page, product: E2eProduct, quantity: number) {
  const tool = page.getByRole('combobox', { name: 'Tool', exact: true });
  await tool.click();
  await tool.fill('');
  await tool.pressSequentially(tail(product));
  const option = page.getByRole('option', { name: new RegExp(tail(product), 'u') });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const box = page.getByLabel('Quantity (pcs.)', { exact: true });
  await expect(box).toBeFocused();
  await page.keyboard.type(String(quantity));
  await page.keyboard.press('Enter');
}

test('the quick entry rounds up or refuses with the reason, the totals count valid lines only, and Place order waits saying why', async ({
  page,
  createUser,
  createProduct,
  adminToken,
}) => {
  const clamp = await createProduct({ name: 'Rules Clamp', price: 12, availableQnt: 1200, minOrderQnt: 30 });
  await setRules(adminToken, clamp, { maxOrderQnt: 500 });
  const blades = await createProduct({ name: 'Rules Blades', price: 5, availableQnt: 600, minOrderQnt: 6 });
  await setRules(adminToken, blades, { packSize: 6 });
  const saw = await createProduct({ name: 'Rules Saw', price: 300, availableQnt: 20, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'Rules Counter' });
  await signIn(page, dealer);
  await page.goto('/dashboard/order-pad');
  const status = page.getByTestId('quick-entry-status');
  const quantityBox = page.getByLabel('Quantity (pcs.)', { exact: true });

  // Too few pieces: rounded up to the minimum, and said so.
  await quickEnter(page, clamp, 10);
  await expect(status).toHaveText(`Rounded to 30, the minimum. 30 pcs. of ${clamp.name} added.`);
  await expect(page.getByLabel(`Quantity (pcs.) of ${clamp.name}`)).toHaveValue('30');
  await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toBeFocused();

  // Off the pack: rounded up to whole packs.
  await quickEnter(page, blades, 13);
  await expect(status).toHaveText(`Rounded to 18, a whole number of packs of 6. 18 pcs. of ${blades.name} added.`);
  await expect(page.getByLabel(`Quantity (pcs.) of ${blades.name}`)).toHaveValue('18');

  // More than the stock: refused with the reason, nothing added, the quantity box kept for a new number.
  await quickEnter(page, saw, 25);
  await expect(page.getByRole('alert').filter({ hasText: 'Only 20 pcs. are in stock.' })).toBeVisible();
  await expect(quantityBox).toBeFocused();
  await expect(quantityBox).toHaveAttribute('aria-invalid', 'true');
  await expect(padLine(page, saw)).toHaveCount(0);
  await quantityBox.fill('4');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`4 pcs. of ${saw.name} added.`);

  // The line on the pad is what counts: 30 on it already and 480 more pass the tool's maximum.
  await quickEnter(page, clamp, 480);
  await expect(page.getByRole('alert').filter({ hasText: 'At most 500 pcs. per order. 30 pcs. are on the pad already.' })).toBeVisible();
  await expect(page.getByLabel(`Quantity (pcs.) of ${clamp.name}`)).toHaveValue('30');
  // Escape in the name box clears the entry and its message.
  await page.getByRole('combobox', { name: 'Tool', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toHaveValue('');
  await expect(quantityBox).toHaveValue('');
  await expect(quantityBox).toHaveAttribute('aria-invalid', 'false');

  const allValid = 30 * 12 + 18 * 5 + 4 * 300;
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(allValid));
  await expect(page.getByTestId('pad-not-counted')).toHaveCount(0);
  const place = page.getByRole('button', { name: 'Place order' });
  await expect(place).toBeEnabled();

  // Two lines broken on the pad: each says why, the total leaves them out and says so, Place order waits.
  await page.getByLabel(`Quantity (pcs.) of ${clamp.name}`).fill('600');
  await page.getByLabel(`Quantity (pcs.) of ${blades.name}`).fill('13');
  await page.getByLabel('Address').click();
  await expect(padLine(page, clamp).getByTestId('pad-line-problem')).toHaveText('At most 500 pcs. per order.');
  await expect(padLine(page, blades).getByTestId('pad-line-problem')).toHaveText('Sold in packs of 6: order a multiple of 6 pcs.');
  await expect(padLine(page, saw).getByTestId('pad-line-problem')).toHaveCount(0);
  await expect(page.getByTestId('pad-line-not-counted')).toHaveCount(2);
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(4 * 300));
  await expect(page.getByTestId('pad-not-counted')).toHaveText('2 lines need attention: not counted');
  await expect(place).toBeDisabled();
  const reason = page.getByTestId('place-order-blocked');
  await expect(reason).toHaveText('2 lines cannot be ordered as they are: change or remove the lines marked in red to place the order.');
  await expect(place).toHaveAttribute('aria-describedby', (await reason.getAttribute('id')) ?? 'missing');
  await expect(place).toHaveAccessibleDescription(/2 lines cannot be ordered as they are/u);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(reason).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // From the top, so the sticky header is drawn where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.tmp/screens/quantity-rules-pad-${width}.png`, fullPage: true });
  }

  // Fixed: counted again, and Place order is back.
  await page.getByLabel(`Quantity (pcs.) of ${clamp.name}`).fill('500');
  await page.getByLabel(`Quantity (pcs.) of ${blades.name}`).fill('12');
  await page.getByLabel('Address').click();
  await expect(page.getByTestId('pad-line-problem')).toHaveCount(0);
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(500 * 12 + 12 * 5 + 4 * 300));
  await expect(page.getByTestId('pad-not-counted')).toHaveCount(0);
  await expect(place).toBeEnabled();
  await expect(reason).toHaveCount(0);
});

test('the purchase page’s range reaches the real bound, the most per order below the stock, and says why', async ({
  page,
  createUser,
  createProduct,
  adminToken,
}) => {
  const clamp = await createProduct({ name: 'Bound Clamp', price: 12, availableQnt: 1200, minOrderQnt: 50 });
  await setRules(adminToken, clamp, { maxOrderQnt: 500 });
  const dealer = await createUser({ displayName: 'Bound Counter' });
  await signIn(page, dealer);
  await page.goto(`/products/${clamp._id}`);
  const quantity = page.getByLabel('Order quantity (pcs.)');
  const order = page.getByRole('button', { name: 'Order', exact: true });
  await expect(quantity).toHaveValue('50');
  await expect(quantity).toHaveAttribute('max', '500');

  const message = 'Quantity should be in 50 to 500. At most 500 pcs. per order.';
  await quantity.fill('600');
  await expect(page.getByText(message)).toBeVisible();
  await expect(order).toBeDisabled();
  await quantity.fill('49');
  await expect(page.getByText(message)).toBeVisible();
  await expect(order).toBeDisabled();
  await quantity.fill('500');
  await expect(page.getByText(message)).toHaveCount(0);
  await expect(order).toBeEnabled();
  await expect(page.getByTestId('order-total')).toHaveText(dollars(500 * 12));

  await quantity.fill('600');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByText(message)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // From the top, so the sticky header is drawn where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.tmp/screens/quantity-rules-purchase-${width}.png`, fullPage: true });
  }
});
