// The order pad's list import: a dealer pastes 200 rows of SKU and quantity copied from a spreadsheet onto
// the pad; before anything is added a report names the 5 rows that cannot be added as they are and why
// (an unknown SKU, below the minimum, not whole packs, over the maximum, more than the stock). They fix one
// row, drop it again, add the 195 good rows in one go, and the pad places them as one order of 195 lines.
// A text shared to the installed app, a .csv file picked in the dialog and a .csv file the system opens
// with the installed app reach the same report.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { api, expect, serverOrders, signIn, test, type E2eProduct, type E2eUser, type ServerOrder } from './fixtures';
import { expectNoViolations, sideways } from './screen-helpers';

type BulkOrder = ServerOrder & { lines?: { productId: string | null; quantity: number; unitPrice: number }[] };
const bulkOrders = async (user: E2eUser) => (await serverOrders(user)) as BulkOrder[];

const GOOD = 195;
const WIDTHS = [390, 820, 1280] as const;

/** The dialog at the three widths the shop is checked at, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    expect(await sideways(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: `.tmp/screens/pad-import-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A paste on the pad outside any box, as Ctrl+V on the page gives it. */
async function pasteOnPage(page: Page, text: string): Promise<void> {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    data.setData('text/plain', list);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('200 pasted rows with 5 bad ones: the report names them, the 195 good rows go on the pad in one go, and the pad places one order', async ({
  page,
  createUser,
  createProduct,
  adminToken,
}) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const sku = (name: string) => `FL-IMP-${stamp}-${name}`;
  // Made a batch at a time: each tool uploads its picture first.
  const good: E2eProduct[] = [];
  for (let start = 0; start < GOOD; start += 25) {
    const batch = Array.from({ length: Math.min(25, GOOD - start) }, (_, k) => start + k);
    good.push(
      ...(await Promise.all(
        batch.map((i) =>
          createProduct({ name: `Import Tool ${i}`, sku: sku(String(i).padStart(3, '0')), price: 5 + (i % 7), availableQnt: 100, minOrderQnt: 1 }),
        ),
      )),
    );
  }
  const [minimum, packed, capped, scarce] = await Promise.all([
    createProduct({ name: 'Import Minimum', sku: sku('MIN'), price: 20, availableQnt: 100, minOrderQnt: 10 }),
    createProduct({ name: 'Import Packed', sku: sku('PACK'), price: 20, availableQnt: 100, minOrderQnt: 6 }),
    createProduct({ name: 'Import Capped', sku: sku('CAP'), price: 20, availableQnt: 100, minOrderQnt: 1 }),
    createProduct({ name: 'Import Scarce', sku: sku('LOW'), price: 20, availableQnt: 3, minOrderQnt: 1 }),
  ]);
  if (!minimum || !packed || !capped || !scarce) throw new Error('the tools were not made');
  expect((await api('PATCH', `/products/${packed._id}`, { token: adminToken, body: { packSize: 6 } })).status).toBe(200);
  expect((await api('PATCH', `/products/${capped._id}`, { token: adminToken, body: { maxOrderQnt: 20 } })).status).toBe(200);

  const quantity = (i: number) => 1 + (i % 4);
  const goodRows = good.map((product, i) => `${sku(String(i).padStart(3, '0'))}\t${quantity(i)}\t${product.name}`);
  const badRows = [
    `${sku('NOPE')}\t2\tA tool nobody makes`,
    `${sku('MIN')}\t4\tMinimum`,
    `${sku('PACK')}\t8\tPacked`,
    `${sku('CAP')}\t30\tCapped`,
    `${sku('LOW')}\t9\tScarce`,
  ];
  // As copied from a spreadsheet: a header row, tabs, the bad rows among the good ones.
  const rows = [...goodRows.slice(0, 50), ...badRows.slice(0, 2), ...goodRows.slice(50, 120), ...badRows.slice(2), ...goodRows.slice(120)];
  expect(rows).toHaveLength(200);
  const list = ['SKU\tQty\tDescription', ...rows].join('\n');
  const total = good.reduce((sum, product, i) => sum + product.price * quantity(i), 0);

  const dealer = await createUser({ displayName: 'Import Counter' });
  await signIn(page, dealer);
  await page.goto('/dashboard/order-pad');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Pad' })).toBeVisible();
  await expect(page.getByText('Your order pad is empty.')).toBeVisible();

  // The button opens the dialog empty; checking nothing says what a line is.
  await page.getByRole('button', { name: 'Paste or import a list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste or import a list' });
  await expect(dialog.getByLabel('Your list')).toBeFocused();
  await dialog.getByRole('button', { name: 'Check the list' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Paste at least one line: a SKU and a quantity, such as “FL-CS184 12”.');
  await expectNoViolations(page, 'the import dialog, empty', '[data-testid="import-dialog"]');
  await shoot(page, 'empty');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Paste or import a list' })).toBeFocused();

  // Pasted on the pad outside any box: the dialog opens with the list checked.
  await page.getByRole('heading', { level: 1, name: 'Order Pad' }).click();
  await pasteOnPage(page, list);
  await expect(dialog.getByTestId('import-summary')).toHaveText('195 tools are ready to add, 5 rows need attention.');
  // A report this long is drawn near its window only, each row saying where it stands among all of them.
  expect(await dialog.getByTestId('import-row').count()).toBeLessThan(200);
  await expect(dialog.getByTestId('import-row').first()).toHaveAttribute('aria-setsize', '200');
  // The rows that need attention come first, each with its line and its reason in the rules' words.
  const problems = dialog.getByTestId('import-row-problem');
  await expect(problems).toHaveText([
    `No tool has the SKU “${sku('NOPE')}”.`,
    'The minimum order for this product is 10 pcs.',
    'Sold in packs of 6: order a multiple of 6 pcs.',
    'At most 20 pcs. per order.',
    'Only 3 pcs. are in stock.',
  ]);
  const packedRow = dialog.getByTestId('import-row').filter({ hasText: packed.name });
  await expect(packedRow).toContainText('Line 124');
  await expectNoViolations(page, 'the import report', '[data-testid="import-dialog"]');
  await shoot(page, 'report');

  // The dealer takes the quantity offered for the packed tool: ready; then drops the row after all.
  await packedRow.getByRole('button', { name: 'Use 12 pcs.' }).click();
  await expect(packedRow.getByLabel(`Quantity (pcs.) of ${packed.name}`)).toHaveValue('12');
  await expect(dialog.getByTestId('import-summary')).toHaveText('196 tools are ready to add, 4 rows need attention.');
  await packedRow.getByRole('button', { name: `Drop the row of ${packed.name}` }).click();
  await expect(dialog.getByTestId('import-row').first()).toHaveAttribute('aria-setsize', '199');
  await expect(dialog.getByTestId('import-summary')).toHaveText('195 tools are ready to add, 4 rows need attention.');
  await expect(dialog.getByRole('button', { name: `Drop the row of ${capped.name}` })).toBeFocused();

  await dialog.getByRole('button', { name: 'Add 195 lines' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('195 lines added to the pad.')).toBeVisible();
  await expect(page.getByText(/^195 tools, /u)).toBeVisible();
  await expect(page.getByTestId('pad-total')).toHaveText(`$${total.toLocaleString('en-US')}`);
  // A long pad draws the lines near the window only, each saying where it stands among all of them.
  const drawn = await page.getByTestId('pad-line').count();
  expect(drawn).toBeLessThan(GOOD);
  await expect(page.getByTestId('pad-line').first()).toHaveAttribute('aria-setsize', String(GOOD));
  await expect(page.getByTestId('pad-line').first()).toHaveAttribute('aria-posinset', '1');
  await expectNoViolations(page, 'a pad of 195 lines', 'ul[aria-label="Lines of the order pad"]');
  // Half-way down the pad: the lines drawn there sit where the whole list would have them, at every width.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await shoot(page, 'pad');

  // Back at the top, editing one line changes its total and the pad's.
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = good[0];
  if (!first) throw new Error('no first tool');
  await page.getByLabel(`Quantity (pcs.) of ${first.name}`).fill('5');
  const edited = total + first.price * (5 - quantity(0));
  await expect(page.getByTestId('pad-total')).toHaveText(`$${edited.toLocaleString('en-US')}`);

  await page.getByLabel('Address').fill('12 Import Row, Derby');
  await page.getByLabel('Phone').fill('+44 1332 555 0101');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  await expect.poll(async () => (await bulkOrders(dealer)).length).toBe(1);
  const [order] = await bulkOrders(dealer);
  expect(order?.totalPrice).toBe(edited);
  expect(order?.lines?.map((line) => [line.productId, line.quantity])).toEqual(good.map((product, i) => [product._id, i === 0 ? 5 : quantity(i)]));
});

test('text shared to the app opens the import checked, and a .csv file picked in it is read the same way', async ({ page, createUser, createProduct }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const [drillSku, sawSku] = [`FL-SHR-${stamp}-D`, `FL-SHR-${stamp}-S`];
  const drill = await createProduct({ name: 'Shared Drill', sku: drillSku, price: 40, availableQnt: 50, minOrderQnt: 2 });
  await createProduct({ name: 'Shared Saw', sku: sawSku, price: 25, availableQnt: 50, minOrderQnt: 1 });
  const dealer = await createUser({ displayName: 'Shared Counter' });
  await signIn(page, dealer);

  // The manifest's share_target: a GET to the pad with the text; the address loses it once read.
  await page.goto(`/dashboard/order-pad?text=${encodeURIComponent(`${drillSku} 4\n${drillSku} 2`)}`);
  const dialog = page.getByRole('dialog', { name: 'Paste or import a list' });
  await expect(dialog.getByTestId('import-summary')).toHaveText('1 tool is ready to add. 1 tool was on more than one row: their quantities are added up.');
  await expect(dialog.getByTestId('import-row')).toContainText('Lines 1, 2');
  await expect(dialog.getByLabel(`Quantity (pcs.) of ${drill.name}`)).toHaveValue('6');
  expect(new URL(page.url()).searchParams.has('text')).toBe(false);

  // A .csv file with a header naming its columns, separated by semicolons.
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await dialog.getByLabel('Or pick a .csv file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Description;Qty;SKU\r\nDrill;6;${drillSku}\r\nSaw;3;${sawSku}\r\n`),
  });
  await expect(dialog.getByTestId('import-summary')).toHaveText('2 tools are ready to add.');
  await dialog.getByRole('button', { name: 'Add 2 lines' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('pad-line')).toHaveCount(2);
  await expect(page.getByTestId('pad-total')).toHaveText(`$${(6 * 40 + 3 * 25).toLocaleString('en-US')}`);
});

/**
 * Installs the app in a normal Chromium profile (incognito contexts cannot install), as on the dealer's tablet,
 * signed in as `dealer` or by nobody, then has the system open a .csv file of `csv` with it (the manifest's
 * file_handlers): Chromium starts the app at the handler's page with the file in its launch queue. `use` gets the
 * app's window; the profile and the file are removed after it.
 */
async function openFileWithInstalledApp(csv: string, dealer: E2eUser | null, use: (app: Page) => Promise<void>): Promise<void> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'forgeline-file-'));
  const folder = await mkdtemp(path.join(os.tmpdir(), 'forgeline-csv-'));
  const file = path.join(folder, 'restock.csv');
  await writeFile(file, csv);
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: e2eEnv.baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (dealer) await signIn(page, dealer);
    else await page.goto('/');
    const browserSession = await context.browser()?.newBrowserCDPSession();
    if (!browserSession) throw new Error('no browser session for the DevTools protocol');
    const manifestId = `${e2eEnv.baseURL}/`;
    await browserSession.send('PWA.install', { manifestId, installUrlOrBundleUrl: manifestId });
    const opened = context.waitForEvent('page');
    await browserSession.send('PWA.launchFilesInApp', { manifestId, files: [file] });
    await use(await opened);
  } finally {
    await context.close();
    await Promise.all([rm(profile, { recursive: true, force: true }), rm(folder, { recursive: true, force: true })]);
  }
}

test('the installed app opened with a .csv file shows it checked on the pad', async ({ createUser, createProduct }) => {
  const sku = `FL-OPN-${Date.now().toString(36).toUpperCase()}`;
  const planer = await createProduct({ name: 'Opened Planer', sku, price: 60, availableQnt: 40, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'File Counter' });
  await openFileWithInstalledApp(`SKU,Quantity\r\n${sku},8\r\n`, dealer, async (app) => {
    await expect(app).toHaveURL(/\/dashboard\/order-pad$/u);
    const dialog = app.getByRole('dialog', { name: 'Paste or import a list' });
    await expect(dialog.getByTestId('import-summary')).toHaveText('1 tool is ready to add.');
    await expect(dialog.getByLabel(`Quantity (pcs.) of ${planer.name}`)).toHaveValue('8');
    await dialog.getByRole('button', { name: 'Add 1 line' }).click();
    await expect(app.getByTestId('pad-line')).toHaveCount(1);
    await expect(app.getByTestId('pad-total')).toHaveText('$480');
  });
});

test('a .csv file opened with the installed app while signed out is on the pad after signing in', async ({ createUser, createProduct }) => {
  const sku = `FL-OUT-${Date.now().toString(36).toUpperCase()}`;
  const router = await createProduct({ name: 'Signed Out Router', sku, price: 30, availableQnt: 40, minOrderQnt: 1 });
  const dealer = await createUser({ displayName: 'Late Counter' });
  await openFileWithInstalledApp(`SKU,Quantity\r\n${sku},5\r\n`, null, async (app) => {
    // Nobody is signed in on this device: the app asks first, then goes on to the pad with the file.
    await expect(app).toHaveURL(/\/login\?redirect=%2Fdashboard%2Forder-pad$/u);
    await app.getByLabel('Email').fill(dealer.email);
    await app.getByLabel('Password').fill(dealer.password);
    await app.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(app).toHaveURL(/\/dashboard\/order-pad$/u);
    const dialog = app.getByRole('dialog', { name: 'Paste or import a list' });
    await expect(dialog.getByTestId('import-summary')).toHaveText('1 tool is ready to add.');
    await expect(dialog.getByLabel(`Quantity (pcs.) of ${router.name}`)).toHaveValue('5');
  });
});
