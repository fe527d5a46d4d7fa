// Ordering on account (docs/decisions/044-orders-on-account.md): a dealer whose company the shop put on net 30
// with a purchase-order number required places its order pad, is stopped on the device until it gives the PO
// number, and finds the order Confirmed with its PO number in My Orders; an order over the credit left is
// noted before it is placed and goes On hold with the reason. Offline, the pad still offers the account as
// last read, and the saved order is sent once with its PO number when the connection is back. A customer
// without a company still pays by card: the purchase and payment journeys cover that flow unchanged.

import type { Page } from '@playwright/test';
import { accountMessages } from '../src/contract/account-terms';
import { api, expect, signIn, test, type E2eUser } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';
import { expectNoViolations, shootAsItStands } from './screen-helpers';

const PO_REQUIRED = accountMessages.poRequired;
const OVER_CREDIT = accountMessages.overCredit;

/** The screen at the three widths the shop is checked at. */
const shoot = (page: Page, name: string) => shootAsItStands(page, `account-ordering-${name}`);

/** The shop puts the dealer's company on these terms, as an admin does on the Companies page. */
async function putOnTerms(dealer: E2eUser, adminToken: string, terms: { paymentTerms: string; creditLimit: number; poRequired: boolean }): Promise<void> {
  const mine = await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token });
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const set = await api('PUT', `/admin/companies/${mine.body.company.id}/terms`, { token: adminToken, body: terms });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

type AccountOrder = { _id: string; status: string; poNumber: string | null; paymentTerms?: string; statusReason: string | null; totalPrice: number };
const ordersOf = async (user: E2eUser) => (await api<AccountOrder[]>('GET', `/orders/${encodeURIComponent(user.email)}`, { token: user.token })).body;

test('a dealer on net 30 places the pad with its PO number, confirmed, and an order over its credit goes on hold with the reason', async ({
  page,
  adminToken,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Account Journey Drill', price: 100, availableQnt: 100, minOrderQnt: 5 });
  const dana = await createUser({ displayName: 'Dana Account' });
  // $1,000.00 of credit, in cents.
  await putOnTerms(dana, adminToken, { paymentTerms: 'net30', creditLimit: 100_000, poRequired: true });
  await signIn(page, dana);

  // The order pad: 5 pcs. at $100 is $500, within the $1,000 of credit.
  await page.goto(`/products/${drill._id}`);
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${drill.name}: 5 pcs. added to your order pad.`)).toBeVisible();
  await page.goto('/dashboard/order-pad');
  await expect(page.getByTestId('pad-line')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
  await expect(page.getByTestId('credit-available')).toHaveText('Credit available: $1,000.00');
  await expect(page.getByTestId('credit-note')).toHaveCount(0);

  await page.getByLabel('Address').fill('12 Harbour Road, Leeds LS1 4AB');
  await page.getByLabel('Phone').fill('+44 113 496 0000');

  // Without the PO number the company requires, the order does not leave the device.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(PO_REQUIRED)).toBeVisible();
  await expect(page.getByLabel(/Purchase-order number/u)).toBeFocused();
  expect(await ordersOf(dana)).toHaveLength(0);
  await expectNoViolations(page, 'the order pad with the payment choice and the PO number refused');
  await page.getByLabel(/Purchase-order number/u).fill('PO-2026/0042');
  await shoot(page, 'pad');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order confirmed on account')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  const [confirmed] = await ordersOf(dana);
  expect(confirmed).toMatchObject({ status: 'Confirmed', poNumber: 'PO-2026/0042', paymentTerms: 'net30', totalPrice: 500 });
  const confirmedRow = page.getByRole('row').filter({ hasText: 'PO-2026/0042' }).filter({ visible: true });
  await expect(confirmedRow).toContainText('Confirmed');
  await expect(confirmedRow).toContainText('On account, Net 30');
  // An order on account is not paid from the dashboard, nor deleted.
  await expect(confirmedRow.getByRole('link', { name: /Pay for/u })).toHaveCount(0);
  await expect(confirmedRow.getByRole('button', { name: /Delete/u })).toHaveCount(0);

  // The purchase page: 10 pcs. is $1,000, over the $500 left. The dealer is told before placing it.
  await page.goto(`/products/${drill._id}`);
  await expect(page.getByTestId('credit-available')).toHaveText('Credit available: $500.00');
  await page.getByLabel('Order quantity (pcs.)').fill('10');
  await expect(page.getByTestId('credit-note')).toHaveText('This order is over your available credit: it will wait for the shop to release it.');
  await page.getByLabel(/Purchase-order number/u).fill('PO-2026/0043');
  await shoot(page, 'purchase-over-credit');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Order on hold', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  const held = (await ordersOf(dana)).find((order) => order.poNumber === 'PO-2026/0043');
  expect(held).toMatchObject({ status: 'On hold', statusReason: OVER_CREDIT, totalPrice: 1000 });
  const heldRow = page.getByRole('row').filter({ hasText: 'PO-2026/0043' }).filter({ visible: true });
  await expect(heldRow).toContainText('On hold');
  await expect(heldRow.getByTestId('status-reason')).toHaveText(OVER_CREDIT);
  await shoot(page, 'my-orders');
  // Read again without the toast fading in, which axe reads as too faint.
  await page.reload();
  await expect(heldRow).toContainText('On hold');
  await expectNoViolations(page, 'My Orders with orders on account');
});

test('offline, the pad offers the account as last read, and the saved order goes with its PO number once the connection is back', async ({
  page,
  context,
  adminToken,
  createUser,
  createProduct,
}) => {
  const saw = await createProduct({ name: 'Account Offline Saw', price: 200, availableQnt: 50, minOrderQnt: 2 });
  const dana = await createUser({ displayName: 'Dana Offline' });
  await putOnTerms(dana, adminToken, { paymentTerms: 'net30', creditLimit: 100_000, poRequired: true });
  await dealerReady(page, dana, [saw]);

  await page.goto(`/products/${saw._id}`);
  await page.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.getByText(`${saw.name}: 2 pcs. added to your order pad.`)).toBeVisible();
  await page.goto('/dashboard/order-pad');
  await expect(page.getByTestId('credit-available')).toHaveText('Credit available: $1,000.00');
  // The reload offline starts from what the persister kept: the account's answer among them.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('forgeline-query-cache') ?? '{}') as { clientState?: { queries?: { queryKey: unknown[] }[] } };
        return (saved.clientState?.queries ?? []).some((query) => query.queryKey[0] === 'orders' && query.queryKey[1] === 'account');
      }),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('pad-line')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
  await expect(page.getByTestId('credit-available')).toHaveText('Credit available: $1,000.00');
  await page.getByLabel('Address').fill('3 Mill Lane, Bradford BD1 1AA');
  await page.getByLabel('Phone').fill('+44 1274 496 000');
  await page.getByLabel(/Purchase-order number/u).fill('PO-OFF-7');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByTestId('queued-payment').filter({ visible: true })).toHaveText('PO PO-OFF-7 · On account');
  const [queued] = await readStore<{ poNumber: string; payment: string }>(page, 'outbox');
  expect(queued).toMatchObject({ poNumber: 'PO-OFF-7', payment: 'account' });
  await shoot(page, 'queued');

  await context.setOffline(false);
  await expect.poll(async () => (await ordersOf(dana)).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('queued-orders')).toHaveCount(0);
  const orders = await ordersOf(dana);
  expect(orders).toEqual([expect.objectContaining({ status: 'Confirmed', poNumber: 'PO-OFF-7', totalPrice: 400 })]);
  await expect(page.getByRole('row').filter({ hasText: 'PO-OFF-7' }).filter({ visible: true })).toContainText('Confirmed');
});
