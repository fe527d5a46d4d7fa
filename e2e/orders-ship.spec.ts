// Shipping an order: Mark shipped asks first, in a dialog with an optional carrier and tracking number
// (a tracking number the server would refuse is named by its field before anything is sent); the row turns
// Shipped with both, and the dealer sees them in My Orders. For a minute the admin can undo it: the order is
// Pending again and the dealer's list follows. Screenshots of the dialog at 390, 768, 1024 and 1440 px.

import { api, expect, orderThroughApi, payThroughApi, signIn, test } from './fixtures';
import { rowOf } from './screen-helpers';

const WIDTHS = [390, 768, 1024, 1440] as const;

test.describe('shipping an order', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Mark shipped asks, takes a carrier and tracking number, shows them to the dealer, and can be undone', async ({
    page,
    browser,
    createUser,
    createProduct,
  }) => {
    test.setTimeout(360_000);
    const dealer = await createUser();
    const admin = await createUser({ admin: true });
    const tool = await createProduct({ name: 'Forgeline Ship Grinder', price: 75, availableQnt: 100, minOrderQnt: 1 });
    const placed = await orderThroughApi(dealer, tool, 2);
    expect(placed.status).toBe(201);
    await payThroughApi(dealer, placed.body.insertedId);
    const number = (await api<{ number: string }>('GET', `/order/${placed.body.insertedId}`, { token: dealer.token })).body.number;

    await signIn(page, admin);
    await page.goto('/dashboard/manage-orders');
    await page.getByLabel('Search by order, customer, e-mail or tool').fill(number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = rowOf(page, 'Orders', number);
    await expect(row).toContainText('Pending');
    const markShipped = row.getByRole('button', { name: new RegExp(`^Mark shipped… ${number}, ${tool.name}`, 'u') });
    // The action is a verb and does not look like the green Shipped badge.
    await expect(markShipped).not.toHaveClass(/btn-success/u);

    const dialog = page.getByRole('dialog', { name: 'Mark this order shipped?' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await row.getByRole('button', { name: /^Mark shipped…/u }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(number);
      // The dialog slides in: the picture is taken once it is whole.
      await expect.poll(() => dialog.locator('.modal-box').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await expect.poll(() => dialog.locator('.modal-box').evaluate((el) => getComputedStyle(el).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/u);
      await page.screenshot({ path: `.tmp/screens/orders-ship-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await row.getByRole('button', { name: /^Mark shipped…/u }).click();

    // A tracking number the server would refuse is named by its field; nothing is sent.
    await dialog.getByLabel('Carrier (optional)').fill('DHL Express');
    await dialog.getByLabel('Tracking number (optional)').fill('AB1');
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await expect(dialog.getByText('The tracking number must be 4 to 40 characters')).toBeVisible();
    await expect(dialog.getByLabel('Tracking number (optional)')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `.tmp/screens/orders-ship-dialog-error-1440.png` });
    await dialog.getByLabel('Tracking number (optional)').fill('JD0146 0000 6281');
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${tool.name} order is shipped.`)).toBeVisible();
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText('Carrier: DHL Express');
    await expect(row).toContainText('Tracking: JD0146 0000 6281');

    // The dealer sees the carrier and the tracking number.
    const dealerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const dealerPage = await dealerContext.newPage();
    await signIn(dealerPage, dealer);
    await dealerPage.goto('/dashboard/my-orders');
    const dealerRow = rowOf(dealerPage, 'My orders', number);
    await expect(dealerRow).toContainText('Shipped');
    await expect(dealerRow).toContainText('Carrier: DHL Express');
    await expect(dealerRow).toContainText('Tracking: JD0146 0000 6281');
    await dealerPage.screenshot({ path: `.tmp/screens/orders-ship-my-orders-1440.png`, fullPage: true });

    // Within the minute, the admin takes it back: Pending again, and the dealer's list follows.
    await row.getByRole('button', { name: new RegExp(`^Undo shipping ${number}`, 'u') }).click();
    await expect(page.getByText(`${number} is Pending again: its shipping is undone.`)).toBeVisible();
    await expect(row).toContainText('Pending');
    await expect(row).not.toContainText('Carrier');
    await expect(row.getByRole('button', { name: /^Mark shipped…/u })).toBeVisible();
    await dealerPage.reload();
    await expect(dealerRow).toContainText('Paid');
    await expect(dealerRow).not.toContainText('Carrier');
    const after = (await api<{ status: string; carrier: string | null }>('GET', `/order/${placed.body.insertedId}`, { token: dealer.token })).body;
    expect(after).toMatchObject({ status: 'Paid', carrier: null });
    await dealerContext.close();
  });
});
