// The order pad: a dealer collects tools from the catalogue, the purchase page and the quick-entry line,
// places them as one bulk order without a connection, and the order reaches the server exactly once with
// every line when the connection is back; it is paid once. A line the server refuses shows its reason on
// that line, on the pad and on the order saved on the device.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, expect, orderThroughApi, serverOrders, signIn, test, type E2eProduct, type E2eUser, type ServerOrder } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';

type BulkOrder = ServerOrder & { status: string; lines?: { productId: string | null; quantity: number; unitPrice: number; lineTotal: number }[] };
const bulkOrders = async (user: E2eUser) => (await serverOrders(user)) as BulkOrder[];

/** The random tail the fixture gives each product's name: typing it with a word of the name finds this journey's tool. */
const tail = (product: E2eProduct) => product.name.split(' ').at(-1) ?? '';

const padLine = (page: Page, product: E2eProduct) => page.getByTestId('pad-line').filter({ hasText: product.name });
const queuedRows = (page: Page) =>
  page
    .getByTestId('queued-orders')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Discard/u }) });

/** The quick-entry line: part of the name, pick it (keyboard or a tap), the quantity, Enter; focus is back in the name box. */
async function quickAdd(page: Page, typed: string, product: E2eProduct, quantity: number, how: 'keyboard' | 'tap') {
  const tool = page.getByRole('combobox', { name: 'Tool', exact: true });
  await tool.click();
  await tool.pressSequentially(typed);
  const option = page.getByRole('option', { name: new RegExp(tail(product), 'u') });
  await expect(option).toBeVisible();
  if (how === 'keyboard') {
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
  } else {
    await option.click();
  }
  const quantityBox = page.getByLabel('Quantity (pcs.)', { exact: true });
  await expect(quantityBox).toBeFocused();
  await page.keyboard.type(String(quantity));
  await page.keyboard.press('Enter');
  await expect(padLine(page, product)).toBeVisible();
  await expect(tool).toBeFocused();
  await expect(tool).toHaveValue('');
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

test('five tools on the pad, placed offline, reach the server once as one order with five lines, which is paid once', async ({
  page,
  context,
  createUser,
  createProduct,
  adminToken,
}) => {
  const drill = await createProduct({ name: 'Pad Journey Drill', price: 189, availableQnt: 100, minOrderQnt: 5 });
  const grinder = await createProduct({ name: 'Pad Journey Grinder', price: 90, availableQnt: 300, minOrderQnt: 12 });
  expect((await api('PATCH', `/products/${grinder._id}`, { token: adminToken, body: { packSize: 6, priceTiers: [{ minQnt: 24, price: 80 }] } })).status).toBe(
    200,
  );
  const sawSku = `FL-PJS${Date.now().toString(36).toUpperCase()}`;
  const saw = await createProduct({ name: 'Pad Journey Saw', price: 420, availableQnt: 40, minOrderQnt: 2, sku: sawSku });
  const planer = await createProduct({ name: 'Pad Journey Planer', price: 150, availableQnt: 60, minOrderQnt: 4 });
  const router = await createProduct({ name: 'Pad Journey Router', price: 75, availableQnt: 200, minOrderQnt: 10 });
  const products = [drill, grinder, saw, planer, router];
  const dealer = await createUser({ displayName: 'Pad Counter' });
  await dealerReady(page, dealer, products);
  const navPad = page.getByTestId('nav-order-pad');

  // From a catalogue card and from the purchase page: each at its minimum, with a toast leading to the pad.
  await page.getByRole('listitem').filter({ hasText: drill.name }).getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${drill.name}: 5 pcs. added to your order pad.`)).toBeVisible();
  await expect(navPad).toContainText('1');
  await page.goto(`/products/${grinder._id}`);
  await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${grinder.name}: 12 pcs. added to your order pad.`)).toBeVisible();
  await page.getByRole('button', { name: 'Open order pad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await expect(page.getByTestId('pad-line')).toHaveCount(2);

  // The quick-entry line, by keyboard and by tap.
  // The saw by its whole SKU, as read off the box, in any case.
  await quickAdd(page, sawSku.toLowerCase(), saw, 3, 'keyboard');
  await quickAdd(page, `${tail(planer).toLowerCase()} plan`, planer, 8, 'tap');
  await quickAdd(page, `journey router ${tail(router)}`, router, 10, 'keyboard');
  await expect(page.getByTestId('pad-line')).toHaveCount(5);
  await expect(navPad).toContainText('5');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /Order Pad/u })).toContainText('5');

  // Each line checks its own rules as the dealer types, in its own words; tiers price the line.
  const grinderQuantity = page.getByLabel(`Quantity (pcs.) of ${grinder.name}`);
  await grinderQuantity.fill('26');
  await expect(padLine(page, grinder).getByTestId('pad-line-problem')).toHaveText('Sold in packs of 6: order a multiple of 6 pcs.');
  await grinderQuantity.fill('24');
  await expect(padLine(page, grinder).getByTestId('pad-line-problem')).toHaveCount(0);
  await expect(padLine(page, grinder)).toContainText('$80');
  await expect(padLine(page, grinder).getByTestId('pad-line-total')).toHaveText(dollars(24 * 80));
  const routerQuantity = page.getByLabel(`Quantity (pcs.) of ${router.name}`);
  await routerQuantity.fill('5');
  await expect(padLine(page, router).getByTestId('pad-line-problem')).toHaveText('The minimum order for this product is 10 pcs.');
  await routerQuantity.fill('20');
  await page.getByLabel(`Quantity (pcs.) of ${drill.name}`).fill('10');
  await expect(page.getByTestId('pad-line-problem')).toHaveCount(0);
  const expected = [
    [drill, 10, 189],
    [grinder, 24, 80],
    [saw, 3, 420],
    [planer, 8, 150],
    [router, 20, 75],
  ] as const;
  const total = expected.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(total));

  // The pad is kept on the device: once its write is done, a reload brings it back as it was.
  await expect
    .poll(async () => new Map((await readStore<{ productId: string; quantity: number }>(page, 'orderPad')).map((line) => [line.productId, line.quantity])))
    .toEqual(new Map(expected.map(([product, quantity]) => [product._id, quantity])));
  await page.reload();
  await expect(page.getByTestId('pad-line')).toHaveCount(5);
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(total));

  await page.getByLabel('Address').fill('4 Quay Street, Bristol');
  await page.getByLabel('Phone').fill('+44 117 555 0199');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Saved offline. It will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  await expect(queuedRows(page)).toHaveCount(1);
  await expect(queuedRows(page)).toContainText(`${drill.name} and 4 more`);
  await expect(queuedRows(page)).toContainText('Waiting to send');
  await expect(navPad).toContainText('0');
  const [queued, ...more] = await readStore<{ clientOrderId: string; lines: unknown[] }>(page, 'outbox');
  expect(more).toEqual([]);
  expect(queued?.lines).toHaveLength(5);

  await page.reload();
  await expect(queuedRows(page)).toHaveCount(1);
  expect(await bulkOrders(dealer)).toEqual([]);

  await context.setOffline(false);
  await expect(queuedRows(page)).toHaveCount(0);
  await expect.poll(async () => (await bulkOrders(dealer)).length).toBe(1);
  const [order] = await bulkOrders(dealer);
  expect(order?.clientOrderId).toBe(queued?.clientOrderId);
  expect(order?.totalPrice).toBe(total);
  expect(order?.lines?.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual(
    expected.map(([product, quantity, price]) => [product._id, quantity, price]),
  );
  expect(await readStore(page, 'outbox')).toEqual([]);

  // Another reload and another reconnection send nothing more.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: `${drill.name} and 4 more` });
  await expect(row.filter({ hasText: 'Unpaid' })).toHaveCount(1);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(row.filter({ hasText: 'Unpaid' })).toHaveCount(1);
  expect(await bulkOrders(dealer)).toHaveLength(1);

  // The whole order is paid once.
  await row.getByRole('link', { name: `Pay for ${drill.name} and 4 more` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pay for ${drill.name}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  const paid = page.getByRole('row').filter({ hasText: `${drill.name} and 4 more` });
  await expect(paid).toContainText('Paid');
  await expect(paid.getByRole('link', { name: /Pay for/u })).toHaveCount(0);
  const after = await bulkOrders(dealer);
  expect(after.map((o) => [o.status, o.totalPrice])).toEqual([['Paid', total]]);
});

test('a line the server refuses shows its reason on that line; the dealer fixes and removes lines and places again', async ({
  page,
  createUser,
  createProduct,
  adminToken,
}) => {
  const drill = await createProduct({ name: 'Pad Refusal Drill', price: 120, availableQnt: 20, minOrderQnt: 5 });
  const saw = await createProduct({ name: 'Pad Refusal Saw', price: 300, availableQnt: 50, minOrderQnt: 2 });
  const grinder = await createProduct({ name: 'Pad Refusal Grinder', price: 90, availableQnt: 100, minOrderQnt: 6 });
  const dealer = await createUser({ displayName: 'Refused Counter' });
  await signIn(page, dealer);
  await page.goto('/dashboard/order-pad');
  await quickAdd(page, `drill ${tail(drill)}`, drill, 15, 'keyboard');
  await quickAdd(page, `saw ${tail(saw)}`, saw, 10, 'keyboard');
  await quickAdd(page, `grinder ${tail(grinder)}`, grinder, 6, 'keyboard');
  await expect(page.getByTestId('pad-line-problem')).toHaveCount(0);

  // While the dealer types the address, another dealer buys most of the drills and an admin caps the saw.
  const rival = await createUser({ displayName: 'Quicker Counter' });
  expect((await orderThroughApi(rival, drill, 10)).status).toBe(201);
  expect((await api('PATCH', `/products/${saw._id}`, { token: adminToken, body: { maxOrderQnt: 5 } })).status).toBe(200);

  await page.getByLabel('Address').fill('9 Mill Lane, Leeds');
  await page.getByLabel('Phone').fill('+44 113 555 0123');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The server's answer names both lines (the pad's copy of the catalogue still had the old stock and rules).
  await expect(page.getByRole('alert').filter({ hasText: '2 lines cannot be ordered as they are' })).toBeVisible();
  await expect(padLine(page, drill).getByTestId('pad-line-problem')).toHaveText('Only 10 pcs. are in stock.');
  await expect(padLine(page, saw).getByTestId('pad-line-problem')).toHaveText('At most 5 pcs. per order.');
  await expect(padLine(page, grinder).getByTestId('pad-line-problem')).toHaveCount(0);
  expect(await bulkOrders(dealer)).toEqual([]);

  await page.getByLabel(`Quantity (pcs.) of ${drill.name}`).fill('10');
  await page.getByRole('button', { name: `Remove ${saw.name}` }).click();
  await expect(page.getByTestId('pad-line')).toHaveCount(2);
  await expect(page.getByTestId('pad-line-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByText('Order added. Please pay from dashboard!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  const orders = await bulkOrders(dealer);
  expect(orders.map((o) => o.lines?.map((line) => [line.productId, line.quantity]))).toEqual([
    [
      [drill._id, 10],
      [grinder._id, 6],
    ],
  ]);
  await expect(page.getByTestId('nav-order-pad')).toContainText('0');
});

test('a saved pad the server refuses needs attention line by line; Edit fixes a line, removes another and sends it once', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Pad Attention Drill', price: 120, availableQnt: 20, minOrderQnt: 5 });
  const saw = await createProduct({ name: 'Pad Attention Saw', price: 300, availableQnt: 50, minOrderQnt: 2 });
  const grinder = await createProduct({ name: 'Pad Attention Grinder', price: 90, availableQnt: 100, minOrderQnt: 6 });
  const dealer = await createUser({ displayName: 'Patient Counter' });
  await dealerReady(page, dealer, [drill, saw, grinder]);
  await page.goto('/dashboard/order-pad');
  await quickAdd(page, `drill ${tail(drill)}`, drill, 15, 'keyboard');
  await quickAdd(page, `saw ${tail(saw)}`, saw, 4, 'keyboard');
  await quickAdd(page, `grinder ${tail(grinder)}`, grinder, 6, 'keyboard');
  await page.getByLabel('Address').fill('2 Dock Road, Hull');
  await page.getByLabel('Phone').fill('+44 1482 555 0101');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  await expect(queuedRows(page)).toHaveCount(1);

  // Meanwhile most of the drills and all of the saws are sold.
  const rival = await createUser({ displayName: 'Rival Counter' });
  expect((await orderThroughApi(rival, drill, 10)).status).toBe(201);
  expect((await orderThroughApi(rival, saw, 50)).status).toBe(201);
  await context.setOffline(false);

  const row = queuedRows(page);
  await expect(row.getByText('Needs attention')).toBeVisible();
  await expect(row).toContainText('Only 10 pcs. are in stock.');
  await expect(row).toContainText('This tool is out of stock right now.');
  expect(await bulkOrders(dealer)).toEqual([]);

  await row.getByRole('button', { name: /^Edit/u }).click();
  const dialog = page.getByRole('dialog', { name: `Edit the ${drill.name} and 2 more order` });
  const drillLine = dialog.getByTestId('queued-line').filter({ hasText: drill.name });
  await expect(drillLine.getByTestId('queued-line-problem')).toHaveText('Only 10 pcs. are in stock.');
  await dialog.getByLabel(`Quantity of ${drill.name}`).fill('10');
  await expect(drillLine.getByTestId('queued-line-problem')).toHaveCount(0);
  await dialog.getByRole('button', { name: `Remove ${saw.name}` }).click();
  await dialog.getByRole('button', { name: 'Save and send' }).click();

  await expect(queuedRows(page)).toHaveCount(0);
  await expect
    .poll(async () => (await bulkOrders(dealer)).map((o) => o.lines?.map((line) => [line.productId, line.quantity])))
    .toEqual([
      [
        [drill._id, 10],
        [grinder._id, 6],
      ],
    ]);
  expect(await readStore(page, 'outbox')).toEqual([]);
});

test('the pad is accessible on a desktop and on a phone: axe finds nothing, targets are 44 px, nothing scrolls sideways', async ({
  page,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Pad Access Drill', price: 120, minOrderQnt: 5 });
  const saw = await createProduct({ name: 'Pad Access Saw', price: 300, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'Access Counter' });
  await signIn(page, dealer);
  await page.goto('/dashboard/order-pad');
  await quickAdd(page, `drill ${tail(drill)}`, drill, 5, 'keyboard');
  await quickAdd(page, `saw ${tail(saw)}`, saw, 2, 'keyboard');
  // A line below its minimum, so its message and the blocked Place order are checked too.
  await page.getByLabel(`Quantity (pcs.) of ${saw.name}`).fill('1');
  await expect(padLine(page, saw).getByTestId('pad-line-problem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  const noViolations = async (label: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    ).toEqual([]);
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await noViolations('desktop');
  await page.getByRole('combobox', { name: 'Tool', exact: true }).pressSequentially('pad access');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Matching tools' })).toBeVisible();
  await noViolations('desktop, list open');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await noViolations('phone');
  const small = await page.locator('main a[href], main button, main input, header a[href], header button').evaluateAll((controls) =>
    controls
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
        // WCAG 2.5.5 exempts links inside a sentence.
        const paragraph = el.closest('p');
        return !(paragraph && paragraph.textContent?.trim() !== el.textContent?.trim());
      })
      .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim(), ...el.getBoundingClientRect().toJSON() }))
      .filter((box: { width: number; height: number }) => box.width < 44 || box.height < 44)
      .map((box: { name: string; width: number; height: number }) => `${box.name}: ${Math.round(box.width)} x ${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test('signed out, Add to order asks to sign in first and comes back; admins, who cannot order, do not get it', async ({ page, createUser, createProduct }) => {
  const drill = await createProduct({ name: 'Pad Visitor Drill', price: 120, minOrderQnt: 5 });
  const card = page.getByRole('listitem').filter({ hasText: drill.name });
  await page.goto('/');
  await card.getByRole('button', { name: 'Add to order' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/u);

  const dealer = await createUser({ displayName: 'Visiting Counter' });
  await page.getByLabel('Email').fill(dealer.email);
  await page.getByLabel('Password').fill(dealer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/u);
  await card.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByTestId('nav-order-pad')).toContainText('1');

  await page.getByRole('button', { name: 'Logout' }).click();
  const admin = await createUser({ displayName: 'Pad Admin', admin: true });
  // The dashboard the sign-in lands on does not get to learn the admin flag: the home page must ask for it.
  await page.route('**/api/users/**', (route) => route.abort());
  await signIn(page, admin);
  await page.unroute('**/api/users/**');
  await page.goto('/');
  await expect(card.getByRole('link', { name: 'Order Now' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to order' })).toHaveCount(0);
  await expect(page.getByTestId('nav-order-pad')).toHaveCount(0);
});
