// Saved lists (docs/decisions/054-saved-lists.md): a dealer builds a pad, saves it as "Weekly restock" and empties
// the pad; meanwhile one tool leaves the catalogue and another is sold in packs of 3. Offline, after a reload, the
// list is still there, and Use list names both in the pad's own report: the gone tool is left out, the packed one
// takes the quantity offered, and the pad shows today's prices. Back online the list is renamed and a quantity
// changed, and used in place of the pad's lines. And a past order saved from My Orders as a list becomes a pad.

import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { api, expect, orderThroughApi, serverOrders, test, type E2eProduct } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';
import { expectNoViolations, sideways } from './screen-helpers';

const SHOTS = '.tmp/screens';
const WIDTHS = [390, 820, 1280] as const;

/** The lists section (and whatever dialog is open) at the three widths the shop is checked at, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    expect(await sideways(page), `${name} at ${width} px`).toBe(0);
    const dialog = page.locator('dialog[open]');
    if ((await dialog.count()) === 0) await page.getByTestId('saved-lists').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/saved-lists-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Puts tools on the pad through the list import, as a counter would paste them. */
async function padOf(page: Page, rows: [string, number][]): Promise<void> {
  await page.getByRole('button', { name: 'Paste or import a list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste or import a list' });
  await dialog.getByLabel('Your list').fill(rows.map(([sku, quantity]) => `${sku} ${quantity}`).join('\n'));
  await dialog.getByRole('button', { name: 'Check the list' }).click();
  await dialog.getByRole('button', { name: `Add ${rows.length} lines` }).click();
  await expect(dialog).toHaveCount(0);
}

/** A line's quantity on the pad itself (the report's rows have boxes of the same name while it is open). */
const padQuantity = (page: Page, tool: E2eProduct) =>
  page.getByRole('list', { name: 'Lines of the order pad' }).getByLabel(`Quantity (pcs.) of ${tool.name}`, { exact: true });

test('a saved list becomes a pad offline, at today’s prices and rules, naming a tool deleted since', async ({
  page,
  context,
  createUser,
  createProduct,
  adminToken,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const [drill, saw, grinder] = await Promise.all([
    createProduct({ name: `Restock Drill ${stamp}`, sku: `FL-RS-${stamp}-D`, price: 120, availableQnt: 200, minOrderQnt: 1 }),
    createProduct({ name: `Restock Saw ${stamp}`, sku: `FL-RS-${stamp}-S`, price: 45, availableQnt: 200, minOrderQnt: 1 }),
    createProduct({ name: `Restock Grinder ${stamp}`, sku: `FL-RS-${stamp}-G`, price: 80, availableQnt: 200, minOrderQnt: 1 }),
  ]);
  if (!drill || !saw || !grinder) throw new Error('the tools were not made');
  const dealer = await createUser({ displayName: 'Restock Counter' });
  await dealerReady(page, dealer, [drill, saw, grinder]);

  await page.goto('/dashboard/order-pad');
  const lists = page.getByTestId('saved-lists');
  await expect(lists.getByText('No saved lists yet.')).toBeVisible();
  await expect(lists.getByRole('button', { name: 'Save the pad as a list' })).toBeDisabled();
  await padOf(page, [
    [`FL-RS-${stamp}-D`, 12],
    [`FL-RS-${stamp}-S`, 4],
    [`FL-RS-${stamp}-G`, 2],
  ]);

  // Save as list: a name, and the list is the company's, with its tools and who saved it.
  await lists.getByRole('button', { name: 'Save the pad as a list' }).click();
  const save = page.getByRole('dialog', { name: 'Save your order pad as a list' });
  await save.getByRole('button', { name: 'Save the list' }).click();
  await expect(save.getByRole('alert')).toHaveText('Name the list, such as “Weekly restock”.');
  await save.getByLabel('Name of the list').fill('Weekly restock');
  await expectNoViolations(page, 'the save-list dialog', '[data-testid="save-list-dialog"]');
  await shoot(page, 'save-dialog');
  await save.getByRole('button', { name: 'Save the list' }).click();
  await expect(save).toHaveCount(0);
  const card = lists.getByTestId('saved-list').filter({ hasText: 'Weekly restock' });
  await expect(card).toContainText('3 tools');
  await expect(card).toContainText('by Restock Counter');

  // A second list of the same name, in other capitals, is refused under the name.
  await lists.getByRole('button', { name: 'Save the pad as a list' }).click();
  await save.getByLabel('Name of the list').fill('weekly RESTOCK');
  await save.getByRole('button', { name: 'Save the list' }).click();
  await expect(save.getByRole('alert')).toHaveText('Your company already has a list named “Weekly restock”. Choose another name, or replace that list.');
  await save.getByRole('button', { name: 'Cancel' }).click();

  // The pad is emptied.
  for (const tool of [drill, saw, grinder]) await page.getByRole('button', { name: `Remove ${tool.name}` }).click();
  await expect(page.getByText('Your order pad is empty.')).toBeVisible();

  // Meanwhile the grinder leaves the catalogue and the saw is sold in packs of 3; the device's catalogue learns both before the connection goes.
  expect((await api('DELETE', `/products/${grinder._id}`, { token: adminToken })).status).toBe(200);
  expect((await api('PATCH', `/products/${saw._id}`, { token: adminToken, body: { minOrderQnt: 3, packSize: 3 } })).status).toBe(200);
  await page.reload();
  await expect
    .poll(
      async () => {
        const saved = await readStore<E2eProduct & { packSize?: number }>(page, 'products');
        return [saved.some((tool) => tool._id === grinder._id), saved.find((tool) => tool._id === saw._id)?.packSize];
      },
      { timeout: 20_000 },
    )
    .toEqual([false, 3]);
  await expect.poll(async () => (await readStore<{ key: string }>(page, 'meta')).some((entry) => entry.key.startsWith('savedLists:'))).toBe(true);

  // Offline, after a reload: the list is read from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(lists.getByTestId('saved-lists-offline')).toContainText('You are offline.');
  await expect(card).toContainText('3 tools');
  await expect(lists.getByRole('button', { name: 'Save the pad as a list' })).toBeDisabled();
  await shoot(page, 'offline');

  // Opened offline: readable, its changes wait for the connection.
  await card.getByRole('button', { name: 'Open Weekly restock' }).click();
  const opened = page.getByRole('dialog', { name: 'Weekly restock' });
  await expect(opened.getByTestId('saved-list-line')).toHaveCount(3);
  await expect(opened.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(opened.getByRole('button', { name: 'Delete…' })).toBeDisabled();
  await expectNoViolations(page, 'a saved list, offline', '[data-testid="saved-list-dialog"]');
  await shoot(page, 'open-offline');

  // Use list: the pad's report names the grinder and the saw's pack; the saw takes the 6 pcs. offered; the
  // drill and the saw go on the pad at today's prices.
  await opened.getByRole('button', { name: 'Use list' }).click();
  const use = page.getByRole('dialog', { name: 'Use the list “Weekly restock”' });
  await expect(use.getByTestId('import-summary')).toHaveText('1 tool is ready to add, 2 rows need attention.');
  await expect(use.getByTestId('import-row-problem')).toHaveText([
    'Sold in packs of 3: order a multiple of 3 pcs.',
    `“${grinder.name}” is no longer in the catalogue.`,
  ]);
  await expectNoViolations(page, 'a saved list’s report', '[data-testid="import-dialog"]');
  await shoot(page, 'use-offline');
  await use.getByRole('button', { name: 'Use 6 pcs.' }).click();
  await expect(use.getByTestId('import-summary')).toHaveText('2 tools are ready to add, 1 row needs attention.');
  await use.getByRole('button', { name: 'Add 2 lines' }).click();
  await expect(use).toHaveCount(0);
  await expect(padQuantity(page, drill)).toHaveValue('12');
  await expect(padQuantity(page, saw)).toHaveValue('6');
  await expect(page.getByRole('button', { name: `Remove ${grinder.name}` })).toHaveCount(0);
  await expect(page.getByTestId('pad-total')).toHaveText('$1,710');

  // Back online: the list is renamed and the saw's quantity changed; used again, it replaces the pad's lines.
  await context.setOffline(false);
  await expect(lists.getByTestId('saved-lists-offline')).toHaveCount(0, { timeout: 15_000 });
  await card.getByRole('button', { name: 'Open Weekly restock' }).click();
  await opened.getByLabel('Name', { exact: true }).fill('Monday restock');
  await opened.getByLabel(`Quantity (pcs.) of ${saw.name}`).fill('9');
  await opened.getByRole('button', { name: `Remove ${grinder.name} from the list` }).click();
  await opened.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const renamed = lists.getByTestId('saved-list').filter({ hasText: 'Monday restock' });
  await expect(renamed).toContainText('2 tools');
  await renamed.getByRole('button', { name: 'Use list Monday restock' }).click();
  const useAgain = page.getByRole('dialog', { name: 'Use the list “Monday restock”' });
  await useAgain.getByRole('radio', { name: 'Replace the pad’s lines with the list' }).check();
  await expect(useAgain.getByTestId('import-summary')).toHaveText('2 tools are ready to add.');
  await useAgain.getByRole('button', { name: 'Replace with 2 lines' }).click();
  await expect(useAgain).toHaveCount(0);
  await expect(padQuantity(page, drill)).toHaveValue('12');
  await expect(padQuantity(page, saw)).toHaveValue('9');
  await expect(page.getByTestId('pad-total')).toHaveText('$1,845');
  await shoot(page, 'online');
});

test('a past order saved as a list from My Orders becomes a pad', async ({ page, createUser, createProduct }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const planer = await createProduct({ name: `Reorder Planer ${stamp}`, sku: `FL-RO-${stamp}-P`, price: 150, availableQnt: 100, minOrderQnt: 1 });
  if (!planer) throw new Error('the tool was not made');
  const dealer = await createUser({ displayName: 'Reorder Counter' });
  expect((await orderThroughApi(dealer, planer, 3)).status).toBe(201);
  const [order] = await serverOrders(dealer);
  if (!order) throw new Error('the order was not placed');
  await dealerReady(page, dealer, [planer]);

  await page.goto('/dashboard/my-orders');
  await page.getByRole('button', { name: `Save as list ${planer.name}` }).click();
  const save = page.getByRole('dialog', { name: `Save order ${order.number} as a list` });
  await expect(save).toContainText('1 tool with their quantities.');
  await save.getByLabel('Name of the list').fill('Planers again');
  await save.getByRole('button', { name: 'Save the list' }).click();
  await expect(save).toHaveCount(0);

  await page.goto('/dashboard/order-pad');
  const card = page.getByTestId('saved-list').filter({ hasText: 'Planers again' });
  await expect(card).toContainText('1 tool');
  await card.getByRole('button', { name: 'Use list Planers again' }).click();
  const use = page.getByRole('dialog', { name: 'Use the list “Planers again”' });
  await use.getByRole('button', { name: 'Add 1 line' }).click();
  await expect(use).toHaveCount(0);
  await expect(padQuantity(page, planer)).toHaveValue('3');
  await expect(page.getByTestId('pad-total')).toHaveText('$450');
});
