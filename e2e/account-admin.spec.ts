// The shop's side of orders on account (docs/decisions/044-orders-on-account.md): an admin puts a company on
// net 30 with a credit limit on the Companies page; the dealer's order over that limit goes On hold with the
// reason; the admin releases it in Manage Orders and ships it, which issues its invoice; Receivables shows it
// as current, and a payment reminder can be sent from there; once the admin records the bank transfer in
// Manage Orders, the invoice is paid and the company leaves Receivables. Screenshots at 390, 820 and 1280 px;
// axe finds nothing on each new screen and dialog.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { accountMessages } from '../src/contract/account-terms';
import { api, expect, signIn, test } from './fixtures';
import { expectNoViolations, openCompanyOf, rowOf } from './screen-helpers';

const WIDTHS = [390, 820, 1280] as const;

/** The screen at the three widths the shop is checked at, full page, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/screens/account-admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function findOrder(page: Page, number: string) {
  await page.getByLabel('Search by order, customer, e-mail or tool').fill(number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  return rowOf(page, 'Orders', number);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an admin puts a company on net 30, releases and ships its order over the limit, sees it in Receivables, and records the bank payment', async ({
  page,
  createUser,
  createProduct,
}) => {
  test.setTimeout(360_000);
  const saw = await createProduct({ name: 'Receivables Journey Saw', price: 300, availableQnt: 100, minOrderQnt: 1 });
  const dealer = await createUser({ displayName: 'Ravi Receivable', verified: true });
  const admin = await createUser({ displayName: 'Ada Accounts', admin: true });
  const company = (await api<{ company: { id: string; name: string } }>('GET', '/company', { token: dealer.token })).body.company;

  // Companies: the dealer's company goes on net 30 with $1,000.00 of credit.
  await signIn(page, admin);
  await openCompanyOf(page, dealer.email, company.name);
  const terms = page.getByRole('region', { name: 'Payment terms' });
  await expect(terms.getByLabel('Terms')).toHaveValue('card');
  await terms.getByLabel('Terms').selectOption({ label: 'Net 30' });
  await terms.getByLabel('Credit limit (US dollars)').fill('1,000.5');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`${company.name} now pays on Net 30 terms`)).toBeVisible();
  await expect(terms.getByLabel('Credit limit (US dollars)')).toHaveValue('1000.50');
  await terms.getByLabel('Credit limit (US dollars)').fill('1000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(terms.getByLabel('Credit limit (US dollars)')).toHaveValue('1000');
  await expect(terms.getByText('You have unsaved changes.')).toHaveCount(0);
  await expect(terms.getByRole('definition').nth(1)).toHaveText('$1,000.00');
  await expectNoViolations(page, 'payment terms');
  await shoot(page, 'terms');

  // The dealer orders $1,500 on account: more than the $1,000 of credit, so it waits On hold.
  const placed = await api<{ insertedId: string; number: string; status: string }>('POST', '/orders', {
    token: dealer.token,
    body: {
      lines: [{ productId: saw._id, quantity: 5 }],
      userAddress: '4 Quarry Lane, Leeds LS2 7AA',
      userPhone: '+44 113 496 0101',
      clientOrderId: randomUUID(),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.status).toBe('On hold');
  const { number } = placed.body;

  // Manage Orders: the order On hold says why, with Release and Refuse.
  await page.goto('/dashboard/manage-orders');
  let row = await findOrder(page, number);
  await expect(row).toContainText('On hold');
  await expect(row).toContainText('Over the company’s credit limit');
  await expect(row).toContainText('On account, Net 30');
  await expect(row.getByRole('button', { name: new RegExp(`^Refuse… ${number}`, 'u') })).toBeVisible();
  await expectNoViolations(page, 'an order on hold');
  await shoot(page, 'on-hold');
  await row.getByRole('button', { name: new RegExp(`^Release ${number}`, 'u') }).click();
  const release = page.getByRole('dialog', { name: 'Release this order?' });
  await expect(release).toContainText(`${number}, $1,500 for ${company.name}`);
  await release.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(page.getByText(`${number} is released: ship it when it is ready`)).toBeVisible();
  row = await findOrder(page, number);
  await expect(row).toContainText('Confirmed');

  // A confirmed order ships as a paid one does; shipping issues its invoice, due in 30 days.
  await row.getByRole('button', { name: /^Mark shipped…/u }).click();
  const ship = page.getByRole('dialog', { name: 'Mark this order shipped?' });
  await ship.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await expect(ship).toBeHidden();
  row = await findOrder(page, number);
  await expect(row).toContainText('Shipped');
  await expect(row).toContainText('Invoice due');
  await expect(row.getByRole('button', { name: new RegExp(`^Record bank payment… ${number}`, 'u') })).toBeVisible();

  // Receivables, from the menu: the company owes $1,500.00, not yet due.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Receivables' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  const ageRow = rowOf(page, 'Owed by company and days overdue', company.name);
  await expect(ageRow).toContainText('Net 30');
  await expect(ageRow).toContainText('$1,500.00');
  const invoices = page.getByRole('region', { name: new RegExp(`^${company.name}`, 'u') });
  await expect(invoices).toContainText('1 open invoice, $1,500.00');
  const invoice = rowOf(page, `Open invoices of ${company.name}`, number);
  await expect(invoice).toContainText('Not yet due');
  await expect(invoice).toContainText('$1,500.00');
  await expectNoViolations(page, 'receivables');
  await shoot(page, 'receivables');

  // A payment reminder goes to the dealer's verified address.
  await invoice.getByRole('button', { name: new RegExp(`^Send reminder ${number}`, 'u') }).click();
  const remind = page.getByRole('dialog', { name: 'Send a payment reminder?' });
  await remind.getByRole('button', { name: 'Send reminder', exact: true }).click();
  await expect(page.getByText(`A payment reminder for ${number} is on its way to ${dealer.email}`)).toBeVisible();

  // Manage Orders: the bank transfer is recorded with its reference (asked for first).
  await page.goto('/dashboard/manage-orders');
  row = await findOrder(page, number);
  await row.getByRole('button', { name: new RegExp(`^Record bank payment… ${number}`, 'u') }).click();
  const pay = page.getByRole('dialog', { name: 'Record the bank payment?' });
  await pay.getByRole('button', { name: 'Record payment', exact: true }).click();
  await expect(pay.getByText(accountMessages.referenceRequired)).toBeVisible();
  await expectNoViolations(page, 'the bank payment dialog');
  await pay.getByLabel('Bank transfer reference').fill('BACS 2026-11-27 RAVI');
  await page.waitForTimeout(300);
  await page.screenshot({ path: '.tmp/screens/account-admin-bank-payment-1280.png' });
  await pay.getByRole('button', { name: 'Record payment', exact: true }).click();
  await expect(page.getByText(`${number} is paid`)).toBeVisible();
  row = await findOrder(page, number);
  await expect(row).toContainText('bank ref. BACS 2026-11-27 RAVI');
  await expect(row.getByRole('button', { name: /^Record bank payment…/u })).toHaveCount(0);

  // It leaves Receivables.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Receivables' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  await expect(page.getByTestId('receivables-total')).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`^${company.name}`, 'u') })).toHaveCount(0);
  await expect(page.getByText(number, { exact: true })).toHaveCount(0);
});
