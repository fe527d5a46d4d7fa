// The admin side, end to end: an admin makes a customer admin, adds a product with a picture (it appears
// on the home page), ships a paid order (the customer sees Shipped), deletes an unpaid order and the new
// product, each through the confirmation modal.

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signIn, test, type E2eProduct } from './fixtures';

const DESCRIPTION =
  'A compact 18 V cordless breaker for trade counters: 3 J impact energy, an anti-vibration side handle, a tool-free SDS chisel holder, ' +
  'an LED work light and a rugged carry case, sold to dealers in cartons of four.';

/** The product's stock as the server has it now (GET /api/products/{id} is read from the database). */
async function stockOf(request: APIRequestContext, product: E2eProduct): Promise<number> {
  return ((await (await request.get(`/api/products/${product._id}`)).json()) as { availableQnt: number }).availableQnt;
}

async function placeOrder(request: APIRequestContext, token: string, product: E2eProduct): Promise<string> {
  const res = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      productId: product._id,
      orderQuantity: product.minOrderQnt,
      userAddress: '7 Canal Wharf, Leeds LS11 5PS',
      userPhone: '+44 113 496 0101',
      clientOrderId: randomUUID(),
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Pays an order the way the payment page does in the sandbox: intent, confirm with 4242..., record. */
async function payOrder(request: APIRequestContext, token: string, orderId: string, customer: { email: string; displayName: string }): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId } });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/sandbox/confirm', {
    headers,
    data: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      billingDetails: { name: customer.displayName, email: customer.email },
    },
  });
  const result = (await confirmed.json()) as { paymentIntent?: { id: string } };
  if (!result.paymentIntent) throw new Error(`sandbox declined: ${JSON.stringify(result)}`);
  const recorded = await request.patch(`/api/order/${orderId}`, { headers, data: { transactionId: result.paymentIntent.id } });
  expect(recorded.status()).toBe(200);
}

async function openFromSidebar(page: Page, item: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: item, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: item, exact: true })).toHaveAttribute('aria-current', 'page');
}

test('an admin runs the shop: make admin, add a product, ship, delete an order and a product', async ({
  page,
  request,
  browser,
  createUser,
  createProduct,
}) => {
  test.setTimeout(240_000);
  const stocked = await createProduct({ name: 'Forgeline AG125 Angle Grinder', price: 89, availableQnt: 1800, minOrderQnt: 60 });

  const admin = await createUser({ displayName: 'Ada Admin', admin: true });
  const future = await createUser({ displayName: 'Future Admin' });
  const buyer = await createUser({ displayName: 'Bea Buyer' });
  const paidId = await placeOrder(request, buyer.token, stocked);
  await payOrder(request, buyer.token, paidId, buyer);
  const unpaidId = await placeOrder(request, buyer.token, stocked);
  const stockWithOrders = await stockOf(request, stocked);
  expect(stockWithOrders).toBe(stocked.availableQnt - 2 * stocked.minOrderQnt);

  await signIn(page, admin);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'Sales',
    'My Profile',
    'Make Admin',
    'Companies',
    'Add A Product',
    /^Manage Orders/u,
    'Quotes',
    'Receivables',
    'Price Lists',
    'Tax Rates',
    'Manage Products',
    'Manage Reviews',
    'Audit Log',
    'Settings',
  ]);

  // Make Admin: the customer's row loses its Make Admin button and the server says admin.
  await openFromSidebar(page, 'Make Admin', 'Make Admin');
  const futureRow = page.getByRole('row', { name: new RegExp(future.email, 'u') });
  await futureRow.getByRole('button', { name: `Make Admin ${future.email}` }).click();
  await expect(page.getByText(`${future.email} is now an Admin.`)).toBeVisible();
  await expect(futureRow.getByRole('button', { name: /Make Admin/u })).toHaveCount(0);
  await expect(futureRow.getByRole('button', { name: `Delete ${future.email}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(admin.email, 'u') }).getByRole('button')).toHaveCount(0);
  const profile = await request.get(`/api/users/${encodeURIComponent(future.email)}`, { headers: { authorization: `Bearer ${future.token}` } });
  expect(((await profile.json()) as { admin: boolean }).admin).toBe(true);

  // Add A Product with a picture; it appears on the home page with our re-encoded image.
  await openFromSidebar(page, 'Add A Product', 'Add A Product');
  const name = `Forgeline BX${randomUUID().slice(0, 4).toUpperCase()} Cordless Breaker`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill(DESCRIPTION);
  await page.getByLabel('Price Per Unit ($)').fill('345');
  await page.getByLabel('Available Quantity').fill('80');
  await page.getByLabel('Minimum Order Quantity').fill('90');
  const picture = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Product Image').setInputFiles({ name: 'breaker.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(page.getByAltText('Preview of the chosen picture')).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('The minimum order cannot be more than the available quantity')).toBeVisible();
  await expect(page.getByLabel('Minimum Order Quantity')).toBeFocused();
  await page.getByLabel('Minimum Order Quantity').fill('8');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');

  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeVisible();
  const image = card.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}\.webp$/u);
  await image.scrollIntoViewIfNeeded();
  // The card asks for the copy its width needs (320 px at this width), never the 1200 px picture (docs/architecture.md, "Images").
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/[a-f0-9]{64}-320w\.webp$/u);

  // Manage Orders: the paid order shows Pending and is shipped; the customer then sees Shipped.
  await page.goto('/dashboard/manage-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
  await page.getByLabel('Search by order, customer, e-mail or tool').fill(buyer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  // A laptop (1280 px) gets the table; its body rows are the ones with data cells.
  const ordersTable = page.getByRole('table', { name: 'Orders' });
  const orderRows = ordersTable.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(orderRows).toHaveCount(2);
  const paid = orderRows.filter({ hasText: 'Pending' });
  await expect(paid).toContainText(stocked.name);
  await expect(paid).toContainText('7 Canal Wharf, Leeds LS11 5PS');
  await expect(paid).toContainText(/pi_/u);
  await paid.getByRole('button', { name: new RegExp(`^Mark shipped… O-\\d{4}-\\d+, ${stocked.name}`, 'u') }).click();
  await page.getByRole('dialog', { name: 'Mark this order shipped?' }).getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await expect(page.getByText(`${stocked.name} order is shipped.`)).toBeVisible();
  await expect(orderRows.filter({ hasText: 'Shipped' })).toHaveCount(1);
  await expect(orderRows.filter({ hasText: 'Pending' })).toHaveCount(0);

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, buyer);
  await customerPage.goto('/dashboard/my-orders');
  await expect(customerPage.getByRole('row', { name: /Shipped/u })).toContainText(stocked.name);
  await customerContext.close();

  // The unpaid order: filter by status, delete through the modal; its stock goes back.
  await page.getByLabel('Status').selectOption('Unpaid');
  await expect(orderRows).toHaveCount(1);
  const unpaid = orderRows.first();
  await expect(unpaid).toContainText('Unpaid');
  await expect(unpaid).toContainText('N/A');
  await unpaid.getByRole('button', { name: new RegExp(`^Delete ${stocked.name}`, 'u') }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Alert!' });
  await expect(dialog).toContainText(stocked.name);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Deleted Successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No orders match this filter.')).toBeVisible();
  const order = await request.get(`/api/order/${unpaidId}`, { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(order.status()).toBe(404);
  expect(await stockOf(request, stocked)).toBe(stocked.availableQnt - stocked.minOrderQnt);

  // Manage Products: a page of the newest tools, searched by name; delete the new product through the
  // modal; it leaves the home page.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Products' }).click();
  await expect(page.getByRole('navigation', { name: 'Products pages' })).toContainText(/Showing 1–\d+ of \d+/u);
  await page.getByLabel('Search products').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('navigation', { name: 'Products pages' })).toContainText('Showing 1–1 of 1');
  const productRow = page.getByRole('row', { name: new RegExp(name, 'u') });
  await expect(productRow).toContainText('$345');
  await expect(productRow).toContainText('80');
  await productRow.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(productRow).toBeVisible();
  await productRow.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Product deleted Successfully!')).toBeVisible();
  await expect(productRow).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: stocked.name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
});

test('on a tablet the sidebar is a drawer that works from the keyboard', async ({ page, createUser }) => {
  // The navbar's Logout (which signIn waits for) is in its collapsed menu below lg: sign in first.
  await signIn(page, await createUser({ admin: true }));
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/dashboard/manage-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Dashboard menu', exact: true });
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(drawer.getByRole('link', { name: 'Make Admin' })).toBeHidden();

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Focus lands on the current item, and Tab stays inside the drawer.
  await expect(drawer.getByRole('link', { name: 'Manage Products' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('link', { name: 'Manage Reviews' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('link', { name: 'Audit Log' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('link', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Close the dashboard menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer.getByRole('link', { name: 'Make Admin' })).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await drawer.getByRole('link', { name: 'Make Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Make Admin' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Make Admin' })).toBeHidden();
});

test('offline, admin actions are disabled with the reason shown', async ({ page, context, createUser }) => {
  const dealer = await createUser({ displayName: 'Offline Olive' });
  await signIn(page, await createUser({ admin: true }));
  await page.goto('/dashboard/manage-users');
  const dealerRow = page.getByRole('row', { name: new RegExp(dealer.email, 'u') });
  await expect(dealerRow.getByRole('button', { name: `Make Admin ${dealer.email}` })).toBeEnabled();
  await context.setOffline(true);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' })).toBeVisible();
  await expect(dealerRow.getByRole('button', { name: `Make Admin ${dealer.email}` })).toBeDisabled();
  await expect(dealerRow.getByRole('button', { name: `Delete ${dealer.email}` })).toBeDisabled();
  await context.setOffline(false);
  await expect(dealerRow.getByRole('button', { name: `Delete ${dealer.email}` })).toBeEnabled();
});

test('a customer who opens an admin page is signed out and sent to /login; the API refuses them too', async ({ page, request, createUser }) => {
  const customer = await createUser({ displayName: 'Curious Customer' });
  const { token } = customer;
  await signIn(page, customer);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/login/u);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/users', { headers })).status()).toBe(403);
  expect((await request.put(`/api/user/admin/${encodeURIComponent(customer.email)}`, { headers })).status()).toBe(403);
  expect((await request.get('/api/orders', { headers })).status()).toBe(403);
  expect((await request.post('/api/products', { headers, data: {} })).status()).toBe(403);
});
