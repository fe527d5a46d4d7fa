// An order with tax on the dealer's screens (docs/decisions/046-tax-per-ship-to-location.md): a company ships
// a tool to its branch in Germany, where the shop keeps 19 % VAT (the demo's rate, seeded with the euro
// dealer). My Orders and the payment page show its net, the VAT line and the gross, which is what the card
// pays; the invoice and the mail that come of the payment, the invoice's row in Invoices and Manage Orders
// show the same three rows.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { api, expect, signIn, test } from './fixtures';
import { expectNoViolations, mailTo } from './screen-helpers';

/** Dollars as the journeys' browser (en-US) writes an amount with tax: always with cents. */
const dollars = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

const WIDTHS = [390, 768, 1280] as const;

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The screen at the three widths the shop is checked at, full page, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/screens/tax-documents-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The rows of the totals list in `scope` as "label = amount", in the order they read. */
async function totalRows(scope: ReturnType<Page['locator']>): Promise<string[]> {
  return scope
    .getByTestId('order-totals')
    .filter({ visible: true })
    .first()
    .evaluate((list) =>
      [...list.querySelectorAll('dt')].map((dt) => `${dt.textContent ?? ''} = ${dt.nextElementSibling?.textContent ?? ''}`.replace(/\s+/gu, ' ')),
    );
}

test('an order to a branch with 19 % VAT shows its net, the VAT and the gross on My Orders, the payment page, its invoice and mail, Invoices and Manage Orders', async ({
  page,
  browser,
  createUser,
  createProduct,
}) => {
  const saw = await createProduct({ name: 'Tax Journey Saw', price: 100, availableQnt: 100, minOrderQnt: 5 });
  const dealer = await createUser({ displayName: 'Tilda Tax', verified: true });
  const branch = await api<{ id: string; taxRateMicros?: number; taxName?: string | null }>('POST', '/company/locations', {
    token: dealer.token,
    body: { name: 'Köln branch', address: 'Industriestraße 40, 50735 Köln', phone: '+49 221 555 0140', contactName: 'Tilda Tax', country: 'DE', region: '' },
  });
  expect(branch.status, JSON.stringify(branch.body)).toBe(201);

  // 5 × $100 = $500.00 net; 19 % of it is $95.00, in the $595.00 the card pays.
  const placed = await api<{ insertedId: string }>('POST', '/orders', {
    token: dealer.token,
    body: {
      productId: saw._id,
      orderQuantity: 5,
      userAddress: 'Industriestraße 40, 50735 Köln',
      userPhone: '+49 221 555 0140',
      locationId: branch.body.id,
      clientOrderId: randomUUID(),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = (
    await api<{ totalMinor: number; taxMinor: number; taxRateMicros: number; taxName: string }>('GET', `/order/${placed.body.insertedId}`, {
      token: dealer.token,
    })
  ).body;
  expect(order).toMatchObject({ totalMinor: 59_500, taxMinor: 9_500, taxRateMicros: 190_000, taxName: 'VAT' });
  const expected = [`Net = ${dollars(50_000)}`, `VAT 19% = ${dollars(9_500)}`, `Total = ${dollars(59_500)}`];

  // My Orders: the order's Price cell reads net, VAT and total.
  await signIn(page, dealer);
  await page.goto('/dashboard/my-orders');
  const row = page.locator('tr, li').filter({ hasText: saw.name }).filter({ visible: true }).first();
  await expect(row.getByTestId('order-totals').filter({ visible: true })).toBeVisible();
  expect(await totalRows(row)).toEqual(expected);
  await expectNoViolations(page, 'My Orders with an order with tax');
  await shoot(page, 'my-orders');

  // The payment page asks for the gross and shows what it is made of.
  await page.goto(`/dashboard/payment/${placed.body.insertedId}`);
  await expect(page.getByText(/Please pay\s*\$595\.00 for/u)).toBeVisible();
  expect(await totalRows(page.locator('main'))).toEqual(expected);
  await expectNoViolations(page, 'the payment page of an order with tax');
  await shoot(page, 'payment');

  // Paid by card: the invoice downloaded from My Orders prints the same three rows.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment successful!')).toBeVisible();
  const invoiceNo = (await api<{ invoiceNo: string }>('GET', `/order/${placed.body.insertedId}`, { token: dealer.token })).body.invoiceNo;
  await page.goto('/dashboard/my-orders');
  const paid = page.getByRole('row', { name: new RegExp(saw.name, 'u') });
  await expect(paid).toContainText('Paid');
  const [download] = await Promise.all([page.waitForEvent('download'), paid.getByRole('button', { name: `Invoice ${invoiceNo}` }).click()]);
  const text = await pdfText(await readFile((await download.path()) ?? ''));
  expect(text).toMatch(/Net \(USD\)\s+\$500\.00\s+VAT 19%\s+\$95\.00\s+Total \(USD\)\s+\$595\.00/u);

  // So do the payment's e-mail and the invoice's row in Invoices.
  const mail = await mailTo(dealer.email, /^Payment received for order/u);
  expect(mail.text).toContain(`  Net: ${dollars(50_000)}\n  VAT 19%: ${dollars(9_500)}\n  Total: ${dollars(59_500)}`);
  await page.goto('/dashboard/invoices');
  await page.getByRole('button', { name: 'Paid (1)' }).click();
  const invoiceRow = page.locator('tr, li').filter({ hasText: invoiceNo }).filter({ visible: true }).first();
  expect(await totalRows(invoiceRow)).toEqual(expected);
  await shoot(page, 'invoices');

  // Manage Orders: the admin reads the same three rows beside how the order was paid.
  const admin = await createUser({ displayName: 'Tax Admin', admin: true });
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/dashboard/manage-orders');
  await adminPage.getByLabel('Search by order, customer, e-mail or tool').fill(dealer.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  // A card below the laptop's width, a table row above it.
  const adminRow = adminPage.locator('tr, li').filter({ hasText: saw.name }).filter({ visible: true });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByTestId('order-terms')).toHaveText('Card');
  expect(await totalRows(adminRow)).toEqual(expected);
  await expectNoViolations(adminPage, 'Manage Orders with an order with tax');
  await shoot(adminPage, 'manage-orders');
});
