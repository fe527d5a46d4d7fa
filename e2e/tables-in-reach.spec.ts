// Every row's actions within reach, from a tablet to a desktop: at 768, 1024 (an iPad in landscape, beside
// the dashboard's sidebar), 1280 and 1440 px, each list's buttons lie wholly inside the window and inside
// the list's own frame (nothing hidden behind a sideways scroll), the Status cell shows, and the page never
// scrolls sideways. Each list has real rows: unpaid and paid orders, products and reviews.

import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { api, expect, orderThroughApi, payThroughApi, signIn, test } from './fixtures';

const WIDTHS = [768, 1024, 1280, 1440] as const;

interface List {
  /** Its name in the screenshots' file names. */
  name: string;
  path: string;
  title: string;
  /** The table's caption, which also names the card list. */
  caption: string;
  /** The column that says where the row stands, which must show as well as the actions. */
  status: string;
}

interface Box {
  x: number;
  width: number;
}

interface RowBoxes {
  actions: (Box & { label: string })[];
  status: Box | null;
}

/** Inside the window and inside the frame that would clip it, to the half pixel. */
function expectWithin(inner: Box, outer: Box, innerWidth: number, what: string): void {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(Math.max(0, outer.x) - 0.5);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(Math.min(innerWidth, outer.x + outer.width) + 0.5);
}

/** Where each row's (or card's) drawn buttons and status cell are, read in one go. */
function measure(list: Locator, status: string, asTable: boolean): Promise<{ frame: Box; rows: RowBoxes[] }> {
  return list.evaluate(
    (element, { status, asTable }) => {
      const boxOf = (el: Element) => {
        const rect = el.getBoundingClientRect();
        return { x: rect.x, width: rect.width };
      };
      const drawn = (el: Element) => el.getClientRects().length > 0;
      const headers = [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      const statusIndex = headers.indexOf(status);
      // The list's own rows: not the details opened under one, nor the rows of a bulk order's lines table inside them.
      const rows = asTable
        ? [...element.querySelectorAll(':scope > table > tbody > tr:not([hidden])')].filter((tr) => tr.querySelector(':scope > th'))
        : [...element.querySelectorAll(':scope > li')];
      return {
        frame: boxOf(element),
        rows: rows.map((row) => {
          const cell = asTable
            ? (row.querySelectorAll(':scope > th, :scope > td')[statusIndex] ?? null)
            : ([...row.querySelectorAll('dt')].find((dt) => dt.textContent?.trim() === status)?.nextElementSibling ?? null);
          return {
            actions: [...row.querySelectorAll('button, a.btn')].filter(drawn).map((el) => ({ ...boxOf(el), label: (el as HTMLElement).innerText.trim() })),
            status: cell && drawn(cell) ? boxOf(cell) : null,
          };
        }),
      };
    },
    { status, asTable },
  );
}

/** Each visible row's (or card's) buttons and status lie inside the window and the list's frame. */
async function expectInReach(page: Page, list: List, width: number): Promise<void> {
  const innerWidth = await page.evaluate(() => window.innerWidth);
  const frame = page.getByRole('region', { name: list.caption });
  const cards = page.getByRole('list', { name: list.caption });
  const asTable = await frame.isVisible();
  const where = `${list.title} at ${width} px (${asTable ? 'table' : 'cards'})`;
  if (!asTable) await expect(cards, where).toBeVisible();

  const measured = await measure(asTable ? frame : cards, list.status, asTable);
  expect(measured.rows.length, `${where}: rows`).toBeGreaterThan(0);
  // A shipped order past its minute to undo has no action left; this journey's own rows all have some.
  expect(measured.rows.filter((row) => row.actions.length > 0).length, `${where}: rows with actions`).toBeGreaterThan(0);
  measured.rows.forEach((row, i) => {
    for (const action of row.actions) expectWithin(action, measured.frame, innerWidth, `${where}: row ${i + 1}, ${action.label}`);
    expect(row.status, `${where}: row ${i + 1} shows its ${list.status}`).not.toBeNull();
    if (row.status) expectWithin(row.status, measured.frame, innerWidth, `${where}: row ${i + 1} ${list.status}`);
  });

  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, `${where}: the page scrolls sideways`).toBe(0);
}

async function checkAtEveryWidth(page: Page, list: List): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
    await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/u })).toHaveCount(0);
    await expect(page.getByRole('region', { name: list.caption }).or(page.getByRole('list', { name: list.caption }))).toBeVisible();
    // Pictures and fonts settle the columns' widths.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `.tmp/screens/tables-${list.name}-${width}.png`, fullPage: true });
    await expectInReach(page, list, width);
  }
}

test.describe('every action within reach', () => {
  // Four widths of a list each, on a machine that may be busy.
  test.setTimeout(240_000);

  test("a dealer's unpaid and paid orders in My Orders", async ({ page, createUser, createProduct }) => {
    const dealer = await createUser({ displayName: 'Counter Tablet Dealer' });
    const drill = await createProduct({ name: 'Forgeline DX20 Hammer Drill With Side Handle', price: 189, availableQnt: 900, minOrderQnt: 2 });
    const saw = await createProduct({ name: 'Forgeline CS7 Circular Saw', price: 245, availableQnt: 900, minOrderQnt: 1 });
    const paid = await orderThroughApi(dealer, drill, 12);
    expect(paid.status).toBe(201);
    await payThroughApi(dealer, paid.body.insertedId);
    expect((await orderThroughApi(dealer, saw, 4)).status).toBe(201);
    expect((await orderThroughApi(dealer, drill, 30)).status).toBe(201);

    await signIn(page, dealer);
    await checkAtEveryWidth(page, { name: 'my-orders', path: '/dashboard/my-orders', title: 'My Orders', caption: 'My orders', status: 'Status' });
  });

  test("an admin's unpaid and paid orders in Manage Orders", async ({ page, createUser, createProduct }) => {
    const admin = await createUser({ admin: true, displayName: 'Counter Tablet Admin' });
    const dealer = await createUser({ displayName: 'Reach Test Dealer' });
    const grinder = await createProduct({ name: 'Forgeline AG125 Angle Grinder With Paddle Switch', price: 132, availableQnt: 900, minOrderQnt: 2 });
    const paid = await orderThroughApi(dealer, grinder, 6);
    expect(paid.status).toBe(201);
    await payThroughApi(dealer, paid.body.insertedId);
    expect((await orderThroughApi(dealer, grinder, 10)).status).toBe(201);

    await signIn(page, admin);
    // Manage Orders lists the whole shop's orders, newest first, while other journeys place and ship theirs: the
    // list is narrowed to this dealer's, as an admin's search by e-mail does, so this journey's rows are the ones measured.
    await checkAtEveryWidth(page, {
      name: 'manage-orders',
      path: `/dashboard/manage-orders?order=${encodeURIComponent(dealer.email)}`,
      title: 'Manage Orders',
      caption: 'Orders',
      status: 'Status',
    });
  });

  test("an admin's products in Manage Products", async ({ page, createUser, createProduct }) => {
    const admin = await createUser({ admin: true, displayName: 'Counter Tablet Admin' });
    await createProduct({ name: 'Forgeline AG125 Angle Grinder With Paddle Switch', price: 132, availableQnt: 900, minOrderQnt: 2 });
    await createProduct({ name: 'Forgeline ID18 Impact Driver', price: 158, availableQnt: 40, minOrderQnt: 5, sku: `ID18-${randomUUID().slice(0, 4)}` });

    await signIn(page, admin);
    await checkAtEveryWidth(page, {
      name: 'manage-products',
      path: '/dashboard/manage-products',
      title: 'Manage Products',
      caption: 'Products',
      status: 'Available Qnty',
    });
  });

  test("an admin's reviews in Manage Reviews", async ({ page, createUser }) => {
    const admin = await createUser({ admin: true, displayName: 'Counter Tablet Admin' });
    const dealer = await createUser({ displayName: 'Reach Test Dealer' });
    const review = 'The grinder has run every working day for a month at our counter without a fault, and the paddle switch is a relief.';
    expect((await api('POST', '/reviews', { token: dealer.token, body: { review, rating: 4 } })).status).toBe(201);

    await signIn(page, admin);
    await checkAtEveryWidth(page, {
      name: 'manage-reviews',
      path: '/dashboard/manage-reviews',
      title: 'Manage Reviews',
      caption: 'Reviews',
      status: 'Home page',
    });
  });
});
