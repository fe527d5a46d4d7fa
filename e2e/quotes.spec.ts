// Quotes (docs/decisions/058-quotes.md), the whole way round: a dealer puts a tool on the order pad and, without a
// connection, asks for a quote with a message; the request waits on the device and reaches the shop once when the
// connection is back. An admin, in a browser of their own, prices it (a price per line, the last day to accept, a
// message); the dealer sees it Quoted with both prices, accepts it with a delivery address, pays by card on the
// payment page, and My Orders shows the order at the quoted price. The dealer's screens fit a phone, a tablet and a
// desktop (screenshots in .tmp/screens/).

import { randomUUID } from 'node:crypto';
import { api, expect, serverOrders, signIn, test } from './fixtures';
import { dealerReady } from './offline-helpers';
import { expectNoViolations, shootAsItStands } from './screen-helpers';

interface ServerQuote {
  id: string;
  number: string;
  status: string;
  version: number;
}

/** The last day to accept, ten days from today (UTC), as the date field takes it. */
const tenDaysAhead = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

test('a quote asked for offline reaches the shop, is priced by an admin, and the dealer accepts and pays it at the quoted price', async ({
  page,
  context,
  browser,
  createUser,
  createProduct,
}) => {
  test.setTimeout(360_000);
  const drill = await createProduct({ name: 'Quote Journey Drill', price: 100, availableQnt: 100, minOrderQnt: 5 });
  const dealer = await createUser({ displayName: 'Quinn Quote' });
  const admin = await createUser({ displayName: 'Sam Shop', admin: true });
  await dealerReady(page, dealer, [drill]);

  // The tool on the pad: 5 pcs. at $100.
  await page.goto(`/products/${drill._id}`);
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${drill.name}: 5 pcs. added to your order pad.`)).toBeVisible();
  await page.goto('/dashboard/order-pad');
  await expect(page.getByTestId('pad-line')).toHaveCount(1);

  // Offline, Request a quote saves the request on the device; the line leaves the pad.
  await context.setOffline(true);
  await shootAsItStands(page, 'quotes-pad');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog.getByText('You are offline: the request is saved on this device')).toBeVisible();
  await dialog.getByLabel(/Message to the shop/u).fill('Five drills for the new branch: what is your best price?');
  await shootAsItStands(page, 'quotes-pad-request');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Saved offline: your quote request will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/u);
  const quotesOf = async () => (await api<{ quotes: ServerQuote[] }>('GET', '/quotes', { token: dealer.token })).body.quotes;
  expect(await quotesOf()).toEqual([]);

  // Back online, the device sends it once.
  await context.setOffline(false);
  await expect.poll(async () => (await quotesOf()).length, { timeout: 30_000 }).toBe(1);
  const [asked] = await quotesOf();
  const number = asked?.number ?? '';
  expect(asked?.status).toBe('requested');
  await page.goto('/dashboard/quotes');
  const row = page.getByTestId('quote-row').filter({ hasText: number });
  await expect(row).toContainText('Requested');
  await expect(row).toContainText('Waiting for prices');
  await expect(row).toContainText('1 tool');
  await shootAsItStands(page, 'quotes-dealer-list-requested');
  await expectNoViolations(page, 'the list of quotes', 'main');
  await page.getByRole('button', { name: `Open quote ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Quote ${number}` })).toBeVisible();
  await expect(page.getByTestId('quote-message').first()).toContainText('Five drills for the new branch');
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The admin, in a browser of their own, prices it: $80.00 a drill, ten days to accept, a word.
  const shopContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shop = await shopContext.newPage();
  await signIn(shop, admin);
  await shop.goto('/dashboard/quotes');
  await shop.getByRole('button', { name: `Price ${number}` }).click();
  // One line: its price field, named with its tool.
  await shop.getByRole('textbox', { name: new RegExp(`^Your unit price.*${drill.name}`, 'u') }).fill('80.00');
  await shop.getByLabel('The dealer may accept until').fill(tenDaysAhead());
  await shop.getByLabel('Message to the dealer (optional)').fill('Our best for five: $80.00 each.');
  await shop.getByRole('button', { name: 'Send quote' }).click();
  await expect.poll(async () => (await quotesOf())[0]?.status, { timeout: 15_000 }).toBe('quoted');
  await shopContext.close();

  // The dealer sees it Quoted, with both prices, the total and the shop's message.
  await page.getByRole('button', { name: /All quotes/u }).click();
  await page.reload();
  await expect(row).toContainText('Quoted');
  await expect(row).toContainText('$400.00');
  await expect(row).toContainText('Accept by');
  await page.getByRole('button', { name: `Open quote ${number}` }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Quoted');
  await expect(page.getByTestId('quote-total')).toHaveText('$400.00');
  await expect(page.getByTestId('quote-expiry')).toContainText('Accept by');
  await expect(page.getByTestId('quote-message').filter({ hasText: 'Our best for five' })).toContainText('The shop');
  await shootAsItStands(page, 'quotes-dealer-quoted');
  await expectNoViolations(page, 'a quoted quote', 'main');

  // Accept: the delivery, then the order goes on to the payment page, to be paid by card.
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByLabel('Address').fill('12 Harbour Road, Leeds LS1 4AB');
  await page.getByLabel('Phone').fill('+44 113 496 0000');
  await page.getByLabel(/Purchase-order number/u).fill('PO-QUOTE-5');
  await shootAsItStands(page, 'quotes-dealer-accept');
  await expectNoViolations(page, 'the Accept form', 'main');
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//u);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment successful!')).toBeVisible();

  // My Orders: the order at the quoted price, paid; the quote is Accepted with the order's number.
  await page.goto('/dashboard/my-orders');
  const order = page.getByRole('row').filter({ hasText: drill.name }).filter({ visible: true });
  await expect(order).toContainText('$400');
  await expect(order).toContainText('Paid');
  const orders = (await serverOrders(dealer)) as (Awaited<ReturnType<typeof serverOrders>>[number] & { status: string })[];
  expect(orders.map((placed) => [placed.totalPrice, placed.status])).toEqual([[400, 'Paid']]);
  await page.goto(`/dashboard/quotes?quote=${number}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Accepted');
  await expect(page.getByText(`Placed as order ${orders[0]?.number ?? ''}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(page.getByTestId('quote-expiry')).toHaveCount(0);
  await shootAsItStands(page, 'quotes-dealer-accepted');
});

test('on account, Accept starts at the company’s location and terms, and the order is confirmed on account at the quoted price', async ({
  page,
  adminToken,
  createUser,
  createProduct,
}) => {
  const saw = await createProduct({ name: 'Quote Account Saw', price: 200, availableQnt: 50, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'Ola Account' });
  const mine = await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token });
  const terms = { paymentTerms: 'net30', creditLimit: 100_000, poRequired: false };
  expect((await api('PUT', `/admin/companies/${mine.body.company.id}/terms`, { token: adminToken, body: terms })).status).toBe(200);
  const branch = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Ola Account' };
  expect((await api('POST', '/company/locations', { token: dealer.token, body: branch })).status).toBe(201);

  // Asked for and priced through the API: two saws at $150.00 instead of $200.
  const asked = await api<ServerQuote>('POST', '/quotes', {
    token: dealer.token,
    body: { clientQuoteId: randomUUID(), lines: [{ productId: saw._id, quantity: 2 }], message: 'Two saws for Leeds.' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const answer = { lines: [{ productId: saw._id, unitPriceMinor: 15_000 }], expiresOn: tenDaysAhead(), message: '' };
  expect((await api('POST', `/quotes/${asked.body.id}/answer`, { token: adminToken, body: answer })).status).toBe(200);

  await signIn(page, dealer);
  await page.goto(`/dashboard/quotes?quote=${asked.body.number}`);
  await expect(page.getByTestId('quote-total')).toHaveText('$300.00');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByLabel('Deliver to')).toHaveValue(/.+/u);
  await expect(page.getByTestId('delivery-location')).toContainText(branch.address);
  await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
  await expect(page.getByLabel('Address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByText('Order confirmed on account')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  const orders = (await serverOrders(dealer)) as (Awaited<ReturnType<typeof serverOrders>>[number] & { status: string; userAddress: string })[];
  expect(orders.map((placed) => [placed.totalPrice, placed.status, placed.userAddress])).toEqual([[300, 'Confirmed', branch.address]]);
});
