// A pad of a thousand lines, the most an order takes: a dealer imports a .csv file of 1,000 SKUs and
// quantities on a server of 1,000 generated tools, the report finds every row ready, the pad holds 1,000
// lines (drawn a window at a time) with their total, and Place order sends them as one order of 1,000
// lines on the company's account at the server's prices. How fast an edit on such a pad shows is a
// budget of `npm run bench pad-edit`.

import { rmSync } from 'node:fs';
import path from 'node:path';
import { adminToken, createCustomer, type Customer } from '../bench/lib/customers';
import { startServer, type Server } from '../bench/lib/processes';
import { MAX_ORDER_LINES } from '../src/contract/constants';
import { expect, signIn, test } from './fixtures';
import { waitForSavedCatalogue } from './offline-helpers';
import { shootAsItStands } from './screen-helpers';

interface Tool {
  _id: string;
  name: string;
  sku: string;
  price: number;
  minOrderQnt: number;
}

interface PlacedOrder {
  status: string;
  totalPrice: number;
  lines?: { productId: string | null; quantity: number; unitPrice: number }[];
}

let server: Server;
let dealer: Customer;
const dataDir = path.resolve('.tmp', `e2e-thousand-lines-${process.env.E2E_PORT ?? 3210}`);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = await startServer({ dataDir, env: { SEED_PRODUCTS: String(MAX_ORDER_LINES), NODE_ENV: 'test' }, readyTimeoutMs: 280_000 });
  dealer = await createCustomer(server.baseUrl, server.authPort, 'Thousand Lines Dealer');
  // At the generated list prices the thousand tools come to more than one order may (MAX_ORDER_TOTAL, which the
  // pad's unit tests hold it to): the shop prices them as a counter's consumables instead, $10 to $99 each.
  const token = await adminToken(server.baseUrl, server.authPort);
  // Its company buys on account, as a dealer restocking a thousand tools does ($500,000 of credit, in cents): a card
  // order of this many pieces would pass what one account may hold unpaid.
  const mine = await fetch(`${server.baseUrl}/api/company`, { headers: { authorization: `Bearer ${dealer.token}` } });
  const companyId = ((await mine.json()) as { company: { id: string } }).company.id;
  const terms = await fetch(`${server.baseUrl}/api/admin/companies/${companyId}/terms`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paymentTerms: 'net30', creditLimit: 50_000_000, poRequired: false }),
  });
  if (!terms.ok) throw new Error(`putting the company on terms failed: ${terms.status} ${await terms.text()}`);
  const generated = (await generatedTools()).map((tool, i) => ({ id: tool._id, price: 10 + (i % 90) }));
  for (let start = 0; start < generated.length; start += 10) {
    await Promise.all(
      generated.slice(start, start + 10).map(async ({ id, price }) => {
        const res = await fetch(`${server.baseUrl}/api/products/${id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ price }),
        });
        if (!res.ok) throw new Error(`repricing ${id} failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** The generated tools (FL-G…) in SKU order: no packs, no maximum, every one in stock at its minimum. */
async function generatedTools(): Promise<Tool[]> {
  const all = (await (await fetch(`${server.baseUrl}/api/products`)).json()) as Tool[];
  return all.filter((tool) => tool.sku.startsWith('FL-G')).sort((a, b) => a.sku.localeCompare(b.sku));
}

test('a .csv file of 1,000 tools becomes a pad of 1,000 lines, placed as one order of 1,000 lines', async ({ browser }) => {
  test.setTimeout(480_000);
  const tools = await generatedTools();
  expect(tools).toHaveLength(MAX_ORDER_LINES);
  const csv = ['SKU,Quantity', ...tools.map((tool) => `${tool.sku},${tool.minOrderQnt}`)].join('\r\n');
  const total = tools.reduce((sum, tool) => sum + tool.price * tool.minOrderQnt, 0);

  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  await signIn(page, dealer);
  await page.goto('/');
  await waitForSavedCatalogue(page);

  await page.goto('/dashboard/order-pad');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await page.getByRole('button', { name: 'Paste or import a list' }).click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('Or pick a .csv file').setInputFiles({ name: 'weekly-restock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('import-summary')).toHaveText('1,000 tools are ready to add.', { timeout: 30_000 });
  // The report is drawn a window at a time; the rows it draws say where they stand among the 1,000.
  const drawnRows = dialog.getByTestId('import-row');
  expect(await drawnRows.count()).toBeLessThan(MAX_ORDER_LINES);
  await expect(drawnRows.first()).toHaveAttribute('aria-setsize', String(MAX_ORDER_LINES));
  await shootAsItStands(page, 'pad-thousand-lines-report');
  await dialog.getByRole('button', { name: 'Add 1,000 lines' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('nav-order-pad')).toContainText('1,000');
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(total));
  const drawnLines = page.getByTestId('pad-line');
  expect(await drawnLines.count()).toBeLessThan(MAX_ORDER_LINES);
  await expect(drawnLines.first()).toHaveAttribute('aria-setsize', String(MAX_ORDER_LINES));

  // The last line is reached by scrolling, as the dealer would, and changes the total like any other.
  const last = tools.at(-1) as Tool;
  const lastBox = page.getByLabel(`Quantity (pcs.) of ${last.name}`);
  // Lines are measured as they are drawn, so the page's end may move once more after the first jump.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect(lastBox).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await lastBox.fill(String(last.minOrderQnt * 2));
  const placed = total + last.price * last.minOrderQnt;
  await expect(page.getByTestId('pad-total')).toHaveText(dollars(placed));

  await page.getByLabel('Address').fill('12 Harbour Road, Cork');
  await page.getByLabel('Phone').fill('+353 21 555 0142');
  await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order confirmed on account')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  await expect(page.getByTestId('nav-order-pad')).toContainText('0');

  const res = await fetch(`${server.baseUrl}/api/orders/${encodeURIComponent(dealer.email)}`, { headers: { authorization: `Bearer ${dealer.token}` } });
  expect(res.status).toBe(200);
  const orders = (await res.json()) as PlacedOrder[];
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(order).toMatchObject({ status: 'Confirmed', totalPrice: placed });
  expect(order?.lines?.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual(
    tools.map((tool) => [tool._id, tool === last ? tool.minOrderQnt * 2 : tool.minOrderQnt, tool.price]),
  );
  await context.close();
});
