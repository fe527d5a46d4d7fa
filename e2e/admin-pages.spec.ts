// The admin's pages on a laptop (1280 px): Manage Orders is a table, not cards, and exports the filtered
// list as CSV; Sales shows the figures of the orders placed; Manage Reviews hides a review and it leaves
// the home page; Make Admin finds a user by e-mail.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { api, expect, signIn, test, type E2eProduct, type E2eUser } from './fixtures';

const dollars = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

async function placeOrder(request: APIRequestContext, user: E2eUser, product: E2eProduct, quantity: number, address: string): Promise<string> {
  const res = await request.post('/api/orders', {
    headers: user.auth,
    data: { productId: product._id, orderQuantity: quantity, userAddress: address, userPhone: '+44 113 496 0101', clientOrderId: randomUUID() },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Pays as the payment page does with the sandbox: intent, the 4242 card, then the order is recorded Paid. */
async function payOrder(request: APIRequestContext, user: E2eUser, orderId: string): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { headers: user.auth, data: { orderId } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/sandbox/confirm', {
    headers: user.auth,
    data: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      billingDetails: { name: user.displayName, email: user.email },
    },
  });
  const id = ((await confirmed.json()) as { paymentIntent?: { id: string } }).paymentIntent?.id;
  if (!id) throw new Error('sandbox declined the test card');
  expect((await request.patch(`/api/order/${orderId}`, { headers: user.auth, data: { transactionId: id } })).status()).toBe(200);
  return id;
}

interface Sales {
  toShip: number;
  revenue: { today: number; week: number; month: number };
}

test.describe('admin pages on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Manage Orders is a table with clipped long cells, exports the filtered CSV, and Sales counts the orders', async ({
    page,
    request,
    createUser,
    createProduct,
    adminToken,
  }) => {
    const admin = await createUser({ admin: true });
    const buyer = await createUser({ displayName: '=Formula Buyer' });
    const tool = await createProduct({
      name: `Forgeline EX${randomUUID().slice(0, 4).toUpperCase()} Export Drill`,
      price: 120,
      availableQnt: 500,
      minOrderQnt: 2,
    });
    const longAddress = 'Unit 14, Riverside Trade Park, Canal Wharf Industrial Estate, Hunslet Road, Leeds LS10 1AB, West Yorkshire, United Kingdom';
    const before = (await api<Sales>('GET', '/admin/sales', { token: adminToken })).body;

    const paidId = await placeOrder(request, buyer, tool, 3, longAddress);
    const transactionId = await payOrder(request, buyer, paidId);
    const unpaidId = await placeOrder(request, buyer, tool, 2, '7 Canal Wharf, Leeds LS11 5PS');

    await signIn(page, admin);
    await page.goto('/dashboard/manage-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
    await page.getByLabel('Search by order, customer, e-mail or tool').fill(buyer.email);
    await page.getByRole('button', { name: 'Search' }).click();

    // The table, not the cards.
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table).toBeVisible();
    await expect(page.getByRole('list', { name: 'Orders' })).toBeHidden();
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(2);
    // Nothing scrolls sideways at 1280 px.
    const region = page.getByRole('region', { name: 'Orders' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

    // The long address is clipped, and opens whole on keyboard focus.
    const paidRow = rows.filter({ hasText: 'Pending' });
    const address = paidRow.getByText(longAddress);
    const clipped = await address.evaluate((el) => el.getBoundingClientRect().height);
    await address.focus();
    await expect(address).toBeFocused();
    await expect.poll(() => address.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(clipped);
    // The transaction id is shortened; the whole of it opens on demand. (The address closes first, so the
    // row is its usual height when the button is pressed.)
    await address.evaluate((el) => (el as HTMLElement).blur());
    await expect.poll(() => address.evaluate((el) => el.getBoundingClientRect().height)).toBe(clipped);
    await paidRow.getByRole('button', { name: /^Show the whole transaction id/u }).click();
    await expect(paidRow.getByText(transactionId, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // Export what the filter shows: both orders, then the unpaid one only.
    const exportCsv = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export CSV/u }).click()]);
      expect(download.suggestedFilename()).toMatch(/^forgeline-orders-\d{4}-\d{2}-\d{2}\.csv$/u);
      return readFile((await download.path()) ?? '', 'utf8');
    };
    const all = await exportCsv();
    expect(
      all.startsWith(
        '\uFEFFOrder,Placed (UTC),Customer,E-mail,Address,Phone,Tools,Pieces,Total (USD),Status,Transaction,Shipped (UTC),Carrier,Tracking number,Order id,' +
          'PO number,Payment terms,Due (UTC),Paid (UTC),Total,Currency,Net,Tax,Deposit,Deposit paid (UTC)\r\n',
      ),
    ).toBe(true);
    const lines = all.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    // The columns of paying on account follow: no PO number, paid by card, no due date, when it was paid; then
    // the total in the order's own currency and that currency, then its net and tax (none here), then its deposit (none).
    const paidLine = lines.find((line) => line.includes(`,${paidId},`));
    // A name that would run as a formula gets the apostrophe; a phone number of +, digits and spaces,
    // which can be no formula, is written as it is (decision 034).
    expect(paidLine).toBe(
      `${paidLine?.split(',')[0]},${paidLine?.split(',')[1]},'=Formula Buyer,${buyer.email},"${longAddress}",+44 113 496 0101,${tool.name} x 3,3,360,Paid,${transactionId},,,,${paidId},,Card,,${paidLine?.split(',').at(-7)},360,USD,360,0,0,`,
    );
    expect(paidLine?.split(',').at(-7)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/u);
    expect(paidLine?.split(',')[0]).toMatch(/^O-\d{4}-\d{5,}$/u);
    expect(lines.find((line) => line.endsWith(`,${unpaidId},,Card,,,240,USD,240,0,0,`))).toContain(',2,240,Unpaid,');

    await page.getByLabel('Status').selectOption('Unpaid');
    await expect(rows).toHaveCount(1);
    const unpaidOnly = (await exportCsv()).trimEnd().split('\r\n').slice(1);
    expect(unpaidOnly).toHaveLength(1);
    expect(unpaidOnly[0]?.endsWith(`,${unpaidId},,Card,,,240,USD,240,0,0,`)).toBe(true);

    // Sales: the paid order is counted (360 today), the unpaid one is not; the tool is among the top ones.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sales', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    const figure = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .first();
    // Other journeys place and pay orders at the same time: the page must show the server's current figures,
    // which include this journey's paid order (360 today) and not its unpaid one.
    const now = async () => (await api<Sales>('GET', '/admin/sales', { token: adminToken })).body;
    const shows = async (read: () => Promise<string | null>, expected: (sales: Sales) => string) => {
      await expect
        .poll(async () => {
          const sales = await now();
          return (await read()) === expected(sales) ? 'same' : `page ${await read()}, server ${expected(sales)}`;
        })
        .toBe('same');
    };
    const atLeast = await now();
    // Other journeys ship their own paid orders meanwhile, so the count to ship is not compared with before;
    // this journey's paid order is still waiting. Revenue only grows.
    expect(atLeast.toShip).toBeGreaterThanOrEqual(1);
    expect(atLeast.revenue.today).toBeGreaterThanOrEqual(before.revenue.today + 360);
    expect(atLeast.revenue.week).toBeGreaterThanOrEqual(before.revenue.week + 360);
    expect(atLeast.revenue.month).toBeGreaterThanOrEqual(before.revenue.month + 360);
    await shows(
      () => figure('Orders to ship').textContent(),
      (sales) => String(sales.toShip),
    );
    await shows(
      () => figure('Revenue today').textContent(),
      (sales) => dollars(sales.revenue.today),
    );
    await shows(
      () => figure('Revenue, last 7 days').textContent(),
      (sales) => dollars(sales.revenue.week),
    );
    await shows(
      () => figure('Revenue, last 30 days').textContent(),
      (sales) => dollars(sales.revenue.month),
    );
    const chart = page.getByRole('img', { name: /Revenue per day, last 30 days/u });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(/^\$[\d,]+ from /u);
    await page.getByText('The figures per day').click();
    const today = new Date().toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', weekday: 'short' });
    await shows(
      () =>
        page
          .getByRole('row', { name: new RegExp(`^${today} `, 'u') })
          .getByRole('cell')
          .last()
          .textContent(),
      (sales) => dollars(sales.revenue.today),
    );
    await expect(page.getByRole('table', { name: /Top tools/u }).getByRole('row', { name: new RegExp(tool.name, 'u') })).toContainText('3');
  });

  test('Manage Reviews hides a review and it leaves the home page; Make Admin finds a user by e-mail', async ({ page, request, createUser }) => {
    const admin = await createUser({ admin: true });
    const reviewer = await createUser({ displayName: 'Rowan Reviewer' });
    const text = `Moderation check ${randomUUID().slice(0, 8)}: the saws arrived late and scratched.`;
    expect((await request.post('/api/reviews', { headers: reviewer.auth, data: { review: text, rating: 2 } })).status()).toBe(201);

    await page.goto('/');
    await expect(page.getByTestId('review-slide').filter({ hasText: text })).toHaveCount(1);

    await signIn(page, admin);
    await page.goto('/dashboard/manage-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Reviews' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Reviews' }).getByRole('row').filter({ hasText: text });
    await expect(row).toContainText(reviewer.email);
    await expect(row).toContainText('Shown');
    await row.getByRole('button', { name: /^Hide the review by Rowan Reviewer/u }).click();
    await expect(page.getByText('The review is hidden from the home page.')).toBeVisible();
    await expect(row).toContainText('Hidden');
    await expect(row.getByRole('button', { name: /^Show the review/u })).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('review-slide').first()).toBeVisible();
    await expect(page.getByTestId('review-slide').filter({ hasText: text })).toHaveCount(0);

    // Make Admin: the search finds the reviewer among every account, on the server.
    await page.goto('/dashboard/manage-users');
    await page.getByLabel('Search by e-mail').fill(reviewer.email.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const users = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(users).toHaveCount(1);
    await expect(users.first()).toContainText(reviewer.email);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await page.getByLabel('Search by e-mail').fill('');
    await expect(users).not.toHaveCount(1);
  });
});
