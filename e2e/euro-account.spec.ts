// A dealer in euros, from the pad to the paid invoices (docs/decisions/045-price-lists-and-money.md): its
// company buys on a euro price list on net 30. The dealer sees the list's prices on the pad with the credit
// in euros, places the pad on account with its PO number, the shop ships it and a second order, and the
// dealer pays both invoices with one card payment in euros.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, expect, signIn, test, type E2eUser } from './fixtures';
import { expectNoViolations } from './screen-helpers';

type Ordered = { _id: string; status: string; poNumber: string | null; currency: string; totalMinor: number; priceListVersion: number | null };

/** Euros as the journeys' browser (en-US) writes them: all decimals for accounts, none for a whole price. */
const euros = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

const invoiceRow = (page: Page, poNumber: string) =>
  page
    .locator('tr, li')
    .filter({ hasText: `PO ${poNumber}` })
    .filter({ visible: true });

const ordersOf = async (user: E2eUser) => (await api<Ordered[]>('GET', `/orders/${encodeURIComponent(user.email)}`, { token: user.token })).body;

test('a dealer on a euro list places the pad on net 30 with its PO number, and pays both invoices in euros at once', async ({
  page,
  adminToken,
  createUser,
  createProduct,
}) => {
  const drill = await createProduct({ name: 'Euro Account Drill', price: 100, availableQnt: 100, minOrderQnt: 5 });
  const dealer = await createUser({ displayName: 'Elke Euro' });
  const company = (await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token })).body.company.id;
  const created = await api<{ id: string; version: number }>('POST', '/admin/price-lists', {
    token: adminToken,
    body: { name: `Euro account ${randomUUID().slice(0, 8)}`, currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1_000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const listId = created.body.id;
  try {
    expect((await api('PUT', `/admin/companies/${company}/price-list`, { token: adminToken, body: { priceListId: listId } })).status).toBe(200);
    // €2,000.00 of credit, in euro cents.
    const terms = await api('PUT', `/admin/companies/${company}/terms`, {
      token: adminToken,
      body: { paymentTerms: 'net30', creditLimit: 200_000, poRequired: true },
    });
    expect(terms.status, JSON.stringify(terms.body)).toBe(200);

    // $100 × 0.92 less 10 % is €82.80 a piece; the pad's 5 are €414.00.
    await signIn(page, dealer);
    await page.goto(`/products/${drill._id}`);
    await page.getByRole('button', { name: 'Add to order' }).click();
    // The line is written on the device before the page is left (leaving at once would abort the write).
    await expect(page.getByText(/added to your order pad\./u)).toBeVisible();
    await page.goto('/dashboard/order-pad');
    await expect(page.getByTestId('pad-line')).toContainText(euros(8_280));
    await expect(page.getByTestId('pad-total')).toHaveText(euros(41_400));
    await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
    await expect(page.getByTestId('credit-available')).toHaveText(`Credit available: ${euros(200_000)}`);
    await page.getByLabel('Address').fill('Rheinallee 4, 40213 Düsseldorf');
    await page.getByLabel('Phone').fill('+49 211 555 0100');
    await page.getByLabel(/Purchase-order number/u).fill('PO-EUR-1');
    await expectNoViolations(page, 'the order pad in euros on account');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Order confirmed on account')).toBeVisible();

    const [first] = await ordersOf(dealer);
    expect(first).toMatchObject({ status: 'Confirmed', poNumber: 'PO-EUR-1', currency: 'EUR', totalMinor: 41_400, priceListVersion: created.body.version });
    const row = page.getByRole('row').filter({ hasText: 'PO-EUR-1' }).filter({ visible: true });
    await expect(row).toContainText(euros(41_400));

    // The shop ships it, and a second order of 10 (€828.00) placed and shipped the same way.
    expect((await api('PATCH', `/orders/${first?._id ?? ''}`, { token: adminToken, body: {} })).status).toBe(200);
    const second = await api<{ insertedId: string; status: string }>('POST', '/orders', {
      token: dealer.token,
      body: {
        lines: [{ productId: drill._id, quantity: 10, unitPriceMinor: 8_280 }],
        currency: 'EUR',
        priceListVersion: created.body.version,
        userAddress: 'Rheinallee 4, 40213 Düsseldorf',
        userPhone: '+49 211 555 0100',
        clientOrderId: randomUUID(),
        payment: 'account',
        poNumber: 'PO-EUR-2',
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.status).toBe('Confirmed');
    expect((await api('PATCH', `/orders/${second.body.insertedId}`, { token: adminToken, body: {} })).status).toBe(200);

    // Both invoices, in euros, paid with one card payment of €1,242.00.
    await page.goto('/dashboard/invoices');
    await expect(page.getByTestId('open-balance')).toHaveText(euros(124_200));
    await expect(invoiceRow(page, 'PO-EUR-1')).toContainText(euros(41_400));
    await expect(invoiceRow(page, 'PO-EUR-2')).toContainText(euros(82_800));
    await invoiceRow(page, 'PO-EUR-1').getByRole('checkbox').check();
    await invoiceRow(page, 'PO-EUR-2').getByRole('checkbox').check();
    await page.getByRole('button', { name: `Pay selected (${euros(124_200)})` }).click();
    const payment = page.getByRole('region', { name: 'Card payment' });
    await expect(payment).toContainText(`Please pay ${euros(124_200)} for 2 invoices.`);
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry (MM / YY)').fill(`08${String(new Date().getFullYear() + 2).slice(2)}`);
    await payment.getByLabel('CVC').fill('321');
    await payment.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText(`You paid ${euros(124_200)} for 2 invoices.`)).toBeVisible();
    await expect(page.getByTestId('open-balance')).toHaveText(euros(0));
    await expectNoViolations(page, 'the invoices in euros, paid');
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `.tmp/screens/euro-account-invoices-${width}.png`, fullPage: true, animations: 'disabled' });
    }
  } finally {
    // The company owes nothing now, so it can go back to the list price for the journeys after this one.
    await api('PUT', `/admin/companies/${company}/price-list`, { token: adminToken, body: { priceListId: null } });
  }
});
