// The dealer's invoice portal (docs/decisions/044-orders-on-account.md): a company on net 30 has two orders on
// account shipped, so two open invoices; the dealer finds them under Invoices with the open balance, chooses
// both and pays them with one sandbox card payment, and both show Paid with the balance at $0.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, expect, signIn, test, type E2eUser } from './fixtures';
import { expectNoViolations, screenshotsAtWidths } from './screen-helpers';

type PortalAnswer = { items: { orderId: string; state: string; paidAt: string | null }[]; openBalance: number; overdue: number };

/** The shop puts the dealer's company on net 30 with $10,000 of credit, as an admin does on the Companies page. */
async function putOnNet30(dealer: E2eUser, adminToken: string): Promise<void> {
  const mine = await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token });
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const set = await api('PUT', `/admin/companies/${mine.body.company.id}/terms`, {
    token: adminToken,
    body: { paymentTerms: 'net30', creditLimit: 1_000_000, poRequired: false },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

/** An order on account the dealer places, confirmed, then shipped by the admin: its invoice is issued and open. */
async function shippedOnAccount(dealer: E2eUser, adminToken: string, productId: string, quantity: number, poNumber: string): Promise<string> {
  const placed = await api<{ insertedId: string; status: string }>('POST', '/orders', {
    token: dealer.token,
    body: {
      lines: [{ productId, quantity }],
      userAddress: '12 Harbour Road, Leeds LS1 4AB',
      userPhone: '+44 113 496 0000',
      clientOrderId: randomUUID(),
      payment: 'account',
      poNumber,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.status).toBe('Confirmed');
  const shipped = await api('PATCH', `/orders/${placed.body.insertedId}`, { token: adminToken, body: {} });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  return placed.body.insertedId;
}

/** The invoices as the page shows them once loaded: the balance is on screen. */
const portalReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByTestId('open-balance')).toBeVisible();
};

/** The row of an invoice in whichever layout is on screen (a table, or cards on a phone). */
const invoiceRow = (page: Page, poNumber: string) =>
  page
    .locator('tr, li')
    .filter({ hasText: `PO ${poNumber}` })
    .filter({ visible: true });

test('a dealer pays two open invoices on account with one card payment, and both show Paid with the balance at $0', async ({
  page,
  adminToken,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Invoice Journey Drill', price: 100, availableQnt: 100, minOrderQnt: 1 });
  const dana = await createUser({ displayName: 'Dana Invoices' });
  await putOnNet30(dana, adminToken);
  const first = await shippedOnAccount(dana, adminToken, drill._id, 2, 'PO-INV-1');
  const second = await shippedOnAccount(dana, adminToken, drill._id, 3, 'PO-INV-2');

  await signIn(page, dana);
  await page.goto('/dashboard/my-orders');
  await page.getByRole('link', { name: 'Invoices', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/u);
  await portalReady(page);
  await expect(page.getByTestId('open-balance')).toHaveText('$500.00');
  await expect(page.getByTestId('overdue-amount')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Open (2)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(invoiceRow(page, 'PO-INV-1')).toContainText('$200.00');
  await expect(invoiceRow(page, 'PO-INV-2')).toContainText('$300.00');
  await expectNoViolations(page, 'the invoices, open');
  await screenshotsAtWidths(page, 'invoice-portal-open', portalReady);
  await page.setViewportSize({ width: 1280, height: 900 });

  await invoiceRow(page, 'PO-INV-1').getByRole('checkbox').check();
  await invoiceRow(page, 'PO-INV-2').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Pay selected ($500.00)' }).click();
  const payment = page.getByRole('region', { name: 'Card payment' });
  await expect(payment).toContainText('Please pay $500.00 for 2 invoices.');
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM / YY)').fill(`08${String(new Date().getFullYear() + 2).slice(2)}`);
  await payment.getByLabel('CVC').fill('321');
  await page.screenshot({ path: '.tmp/screens/invoice-portal-paying-1280.png', fullPage: true });
  await payment.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByText('You paid $500.00 for 2 invoices.')).toBeVisible();
  await expect(page.getByTestId('open-balance')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Open (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Paid (2)' }).click();
  for (const po of ['PO-INV-1', 'PO-INV-2']) await expect(invoiceRow(page, po)).toContainText('Paid');
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/screens/invoice-portal-paid-${width}.png`, fullPage: true });
  }

  // Each invoice's PDF, as My Orders downloads it.
  const download = page.waitForEvent('download');
  await invoiceRow(page, 'PO-INV-1')
    .getByRole('button', { name: /^Invoice/u })
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/u);

  // The server agrees: both invoices paid by the one card payment, nothing left open.
  const portal = await api<PortalAnswer>('GET', '/invoices', { token: dana.token });
  expect(portal.body.openBalance).toBe(0);
  const paid = portal.body.items.filter((invoice) => invoice.orderId === first || invoice.orderId === second);
  expect(paid.map((invoice) => invoice.state)).toEqual(['paid', 'paid']);
  const orders = await Promise.all(
    [first, second].map(async (id) => (await api<{ transactionId: string | null }>('GET', `/order/${id}`, { token: dana.token })).body.transactionId),
  );
  expect(orders[0]).toMatch(/^pi_sbx_/u);
  expect(orders[1]).toBe(orders[0]);
});
