// A deposit on account (docs/decisions/047-deposits-on-account.md): an admin gives a company on net 30 a 30 %
// deposit on its Payment terms; the dealer's purchase page says what the deposit is and counts only the rest
// against the credit; the order is confirmed with its deposit due, Manage Orders waits for it instead of
// offering Mark shipped, the dealer pays it by card from My Orders, and once shipped the invoice asks for the
// rest. Screenshots at 390, 820 and 1280 px; axe finds nothing on the new screens.

import type { Page } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';
import { expectNoViolations, openCompanyOf, shootAsItStands } from './screen-helpers';

/** The screen at the three widths the shop is checked at. */
const shoot = (page: Page, name: string) => shootAsItStands(page, `deposit-${name}`);

/** The order's row in a table, or its card in a list, whichever the width draws. */
const itemOf = (page: Page, text: string) => page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text }).filter({ visible: true });

test.use({ viewport: { width: 1280, height: 900 } });

test('a company with a 30 % deposit pays it by card before its order on account ships, and the invoice asks for the rest', async ({
  browser,
  page,
  createUser,
  createProduct,
}) => {
  test.setTimeout(360_000);
  const hammer = await createProduct({ name: 'Deposit Journey Hammer', price: 100, availableQnt: 100, minOrderQnt: 1 });
  const dealer = await createUser({ displayName: 'Della Deposit', verified: true });
  const admin = await createUser({ displayName: 'Ada Deposits', admin: true });
  const company = (await api<{ company: { id: string; name: string } }>('GET', '/company', { token: dealer.token })).body.company;

  // The admin: net 30, $800.00 of credit and a 30 % deposit.
  await signIn(page, admin);
  await openCompanyOf(page, dealer.email, company.name);
  const terms = page.getByRole('region', { name: 'Payment terms' });
  await terms.getByLabel('Terms').selectOption({ label: 'Net 30' });
  await terms.getByLabel('Credit limit (US dollars)').fill('800');
  await terms.getByLabel('Deposit').fill('130');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(terms.getByText('Enter the deposit as a whole percentage from 0 (none) to 99')).toBeVisible();
  await terms.getByLabel('Deposit').fill('30');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`${company.name} now pays on Net 30 terms`)).toBeVisible();
  await expect(terms.getByText('You have unsaved changes.')).toHaveCount(0);
  await expectNoViolations(page, 'payment terms with a deposit');
  await shoot(page, 'terms');

  // The dealer, in a browser of its own: $1,000 is over the $800 of credit, but the $300 deposit is paid by
  // card, so the $700 on account fits, and the page says so before the order is placed.
  const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyer = await dealerContext.newPage();
  await signIn(buyer, dealer);
  await buyer.goto(`/products/${hammer._id}`);
  await expect(buyer.getByTestId('credit-available')).toHaveText('Credit available: $800.00');
  await buyer.getByLabel('Order quantity (pcs.)').fill('10');
  await expect(buyer.getByTestId('deposit-note')).toHaveText(
    'Deposit of 30% by card once the order is confirmed: $300.00. It ships once the deposit is paid; the rest goes on your account.',
  );
  await expect(buyer.getByTestId('credit-note')).toHaveCount(0);
  await buyer.getByLabel('Address').fill('12 Harbour Road, Leeds LS1 4AB');
  await buyer.getByLabel('Phone').fill('+44 113 496 0000');
  await buyer.getByLabel(/Purchase-order number/u).fill('PO-DEP-1');
  await buyer.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(buyer.getByText('Pay its deposit of $300.00 by card in My Orders: it ships once the deposit is paid.')).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const row = itemOf(buyer, 'PO-DEP-1');
  await expect(row).toContainText('Confirmed');
  await expect(row.getByTestId('deposit-state')).toHaveText('Deposit of $300.00 due: it ships once paid');
  await expect(row.getByTestId('order-totals')).toContainText('Deposit due by card$300.00');
  await expect(row.getByTestId('order-totals')).toContainText('On account$700.00');

  // Manage Orders: the order waits for its deposit; nothing to ship yet.
  await page.goto('/dashboard/manage-orders');
  await page.getByLabel('Search by order, customer, e-mail or tool').fill('PO-DEP-1');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const adminRow = itemOf(page, 'PO-DEP-1');
  await expect(adminRow.getByTestId('deposit-awaited')).toHaveText('Awaiting the deposit of $300.00');
  await expect(adminRow.getByRole('button', { name: /Mark shipped/u })).toHaveCount(0);

  // The dealer pays the deposit on the payment page.
  await row.getByRole('link', { name: /Pay the deposit of/u }).click();
  await expect(buyer.getByTestId('deposit-due')).toHaveText('Please pay the deposit of $300.00 by card: the order ships once it is paid.');
  await expect(buyer.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await expectNoViolations(buyer, 'the payment page of a deposit');
  await shoot(buyer, 'payment');
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry (MM / YY)').fill(`12${String(new Date().getFullYear() + 3).slice(2)}`);
  await buyer.getByLabel('CVC').fill('123');
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer.getByText('Your deposit is paid. The order ships next; the invoice for the rest comes when it ships.')).toBeVisible();
  await buyer.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(row.getByTestId('deposit-state')).toHaveText('Deposit of $300.00 paid');
  await expect(row.getByRole('link', { name: /Pay the deposit of/u })).toHaveCount(0);
  await shoot(buyer, 'my-orders');

  // Now the admin ships it, and the invoice on account asks for the $700 left.
  await page.reload();
  await page.getByLabel('Search by order, customer, e-mail or tool').fill('PO-DEP-1');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await adminRow.getByRole('button', { name: /Mark shipped/u }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await expect(adminRow).toContainText('Shipped');

  await buyer.goto('/dashboard/invoices');
  await expect(buyer.getByTestId('open-balance')).toHaveText('$700.00');
  const invoice = itemOf(buyer, 'PO-DEP-1');
  await expect(invoice.getByTestId('order-totals')).toContainText('Deposit paid$300.00');
  await expect(invoice.getByTestId('order-totals')).toContainText('On account$700.00');
  await shoot(buyer, 'invoices');
  await dealerContext.close();
});
