// Orders you can find: every row of My Orders and Manage Orders starts with the order's number and when it
// was placed; the transaction id is shortened and opens whole, with Copy; a dealer finds their orders by
// number, tool or SKU, status and days placed; an admin finds them also by the customer's name (which found
// nothing before). Screenshots of both screens at 390, 768, 1024 and 1440 px.

import type { Page } from '@playwright/test';
import { api, expect, orderThroughApi, payThroughApi, signIn, test } from './fixtures';
import { expectNoViolations } from './screen-helpers';

const WIDTHS = [390, 768, 1024, 1440] as const;

interface Placed {
  _id: string;
  number: string;
  transactionId: string | null;
  createdAt: string;
}

/** The rows of a list of orders, whichever way it is drawn at this width (a table, or cards below it). */
function rowsOf(page: Page, caption: string) {
  const table = page.getByRole('table', { name: caption });
  const cards = page.getByRole('list', { name: caption });
  return {
    table,
    cards,
    rows: async () => {
      await expect(table.or(cards)).toBeVisible();
      // Whichever way it is drawn now: the table gives way to the cards when it does not fit, and is tried again
      // once the fonts have loaded, so which one shows can change just after the list appears.
      return table
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .filter({ visible: true })
        .or(
          cards
            .getByRole('listitem')
            .filter({ has: page.locator('time') })
            .filter({ visible: true }),
        );
    },
  };
}

test.describe('finding orders', () => {
  test.use({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

  test('a dealer finds their orders by number, tool, status and day; an admin also by the customer’s name', async ({
    page,
    browser,
    createUser,
    createProduct,
  }) => {
    test.setTimeout(360_000);
    const surname = `Whitfield${Math.floor(Math.random() * 1e6)}`;
    const dealer = await createUser({ displayName: `Dana ${surname}` });
    const admin = await createUser({ admin: true });
    const sku = `FL-FD-${String(Date.now() % 100000).padStart(5, '0')}`;
    const drill = await createProduct({ name: 'Forgeline Find Drill', sku, price: 40, availableQnt: 500, minOrderQnt: 1 });
    const saw = await createProduct({ name: 'Forgeline Find Saw', price: 120, availableQnt: 500, minOrderQnt: 1 });
    const first = await orderThroughApi(dealer, drill, 2);
    const second = await orderThroughApi(dealer, saw, 1);
    expect([first.status, second.status]).toEqual([201, 201]);
    const transactionId = await payThroughApi(dealer, second.body.insertedId);
    const mine = (await api<Placed[]>('GET', `/orders/${encodeURIComponent(dealer.email)}`, { token: dealer.token })).body;
    const drillOrder = mine.find((o) => o._id === first.body.insertedId);
    const sawOrder = mine.find((o) => o._id === second.body.insertedId);
    if (!drillOrder || !sawOrder) throw new Error('the placed orders are not listed');
    expect(drillOrder.number).toMatch(/^O-\d{4}-\d{5,}$/u);

    await signIn(page, dealer);
    await page.goto('/dashboard/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const myList = rowsOf(page, 'My orders');
    let rows = await myList.rows();
    await expect(rows).toHaveCount(2);
    // Each row starts with its number and when it was placed.
    const drillRow = rows.filter({ hasText: drillOrder.number });
    await expect(drillRow).toContainText(drill.name);
    await expect(drillRow.locator(`time[datetime="${drillOrder.createdAt}"]`)).toBeVisible();

    // The transaction id is shortened; the whole of it opens, and copies.
    const sawRow = rows.filter({ hasText: sawOrder.number });
    await expect(sawRow.getByText(transactionId, { exact: true })).toBeHidden();
    await sawRow.getByRole('button', { name: `Show the whole transaction id of ${sawOrder.number}` }).click();
    const whole = page.getByRole('group', { name: `The whole transaction id of ${sawOrder.number}` });
    await expect(whole).toBeVisible();
    await expect(whole.getByText(transactionId, { exact: true })).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/orders-find-transaction-id-1440.png' });
    await expectNoViolations(page, 'My Orders with a transaction id open');
    await whole.getByRole('button', { name: `Copy the transaction id of ${sawOrder.number}` }).click();
    await expect(page.getByText('The transaction id is copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transactionId);
    await page.keyboard.press('Escape');
    await expect(whole).toBeHidden();

    // Search by number, by a part of the SKU, by status; and by day.
    const search = page.getByLabel('Search by order number or tool');
    await search.fill(drillOrder.number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    rows = await myList.rows();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(drill.name);
    await search.fill(sku.slice(3).toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(drillOrder.number);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(search).toHaveValue('');
    await page.getByLabel('Status').selectOption('Paid');
    rows = await myList.rows();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(sawOrder.number);
    await page.getByLabel('Status').selectOption('');
    const today = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    await page.getByLabel('Placed from').fill(today);
    await page.getByLabel('Placed until').fill(today);
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Placed from').fill('2020-01-01');
    await page.getByLabel('Placed until').fill('2020-01-31');
    await expect(page.getByText('No orders match this search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(await myList.rows()).toHaveCount(2);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(await myList.rows()).toHaveCount(2);
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `.tmp/screens/orders-find-my-orders-${width}.png`, fullPage: true });
    }

    // The admin: the customer's name finds the dealer's orders.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto('/dashboard/manage-orders');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
    await adminPage.getByLabel('Search by order, customer, e-mail or tool').fill(surname);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    const adminList = rowsOf(adminPage, 'Orders');
    let adminRows = await adminList.rows();
    await expect(adminRows).toHaveCount(2);
    await expect(adminRows.filter({ hasText: sawOrder.number })).toContainText('Pending');
    await expect(adminRows.filter({ hasText: drillOrder.number })).toContainText(`Dana ${surname}`);
    await adminPage.getByLabel('Search by order, customer, e-mail or tool').fill(sawOrder.number);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(adminRows).toHaveCount(1);
    await adminPage.getByLabel('Search by order, customer, e-mail or tool').fill(surname);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(adminRows).toHaveCount(2);
    await expectNoViolations(adminPage, 'Manage Orders searched by name');
    for (const width of WIDTHS) {
      await adminPage.setViewportSize({ width, height: 900 });
      adminRows = await adminList.rows();
      await expect(adminRows).toHaveCount(2);
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await adminPage.screenshot({ path: `.tmp/screens/orders-find-manage-orders-${width}.png`, fullPage: true });
    }
    await adminContext.close();
  });
});
