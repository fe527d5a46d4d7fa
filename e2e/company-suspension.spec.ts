// A dealer's company suspended and reinstated (docs/decisions/040-dealer-companies.md): the dealer orders, an
// admin suspends the company on Companies with a reason, the dealer reads the reason on the dashboard and the
// purchase page refuses its order in words; the admin reinstates it, the dealer orders again, and the Audit
// Log keeps both decisions. The confirm dialog and the suspended dealer's dashboard fit a phone, a tablet and a
// desktop (screenshots in .tmp/screens/).

import type { Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { companyAdminMessages } from '../src/contract/company-admin';
import { companyMessages } from '../src/contract/dealer-company';
import { toasts } from '../src/contract/messages';
import { expect, signIn, test, type E2eProduct } from './fixtures';
import { screenshotsAtWidths } from './screen-helpers';

/** Orders the product from its purchase page, the address typed; the answer is left to the caller. */
async function orderFromPurchasePage(page: Page, product: E2eProduct): Promise<void> {
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByLabel('Address').fill('21 Canal Street, Manchester M1 3HE');
  await page.getByLabel('Phone').fill('+44 161 496 0321');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
}

test('an admin suspends a dealer’s company with a reason, the dealer cannot order until it is reinstated, and the audit log keeps both', async ({
  page,
  browser,
  createUser,
  createProduct,
}) => {
  test.setTimeout(240_000);
  const admin = await createUser({ displayName: 'Sana Supervisor', admin: true });
  const owner = await createUser({ displayName: 'Paddy Plumbing Supplies' });
  const companyName = owner.displayName;
  const product = await createProduct({ name: 'Forgeline PW12 Pipe Wrench', price: 34, availableQnt: 200, minOrderQnt: 4 });
  const reason = 'Three invoices are more than 60 days overdue. Please call accounts on +44 161 496 0000.';

  // The dealer, in a browser of their own, orders while the company is approved.
  const dealerContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
  try {
    const dealer = await dealerContext.newPage();
    await signIn(dealer, owner);
    await orderFromPurchasePage(dealer, product);
    await expect(dealer.getByText(toasts.orderAdded)).toBeVisible();
    await expect(dealer).toHaveURL(/\/dashboard\/my-orders$/u);
    await expect(dealer.getByRole('row', { name: new RegExp(product.name, 'u') })).toHaveCount(1);
    await dealer.goto('/dashboard');
    await expect(dealer.getByTestId('verification-state')).toBeVisible();
    await expect(dealer.getByTestId('company-standing')).toHaveCount(0);

    // The admin finds the company on Companies and suspends it, writing the reason its people will read.
    await signIn(page, admin);
    const openCompany = async (p: Page) => {
      await p.goto('/dashboard/companies');
      await p.getByLabel('Status').selectOption('all');
      await p.getByLabel('Search by company or e-mail').fill(owner.email);
      await p.getByRole('button', { name: 'Search' }).click();
      await p.getByRole('button', { name: `Open ${companyName}` }).click();
      await expect(p.getByRole('heading', { name: companyName })).toBeVisible();
    };
    const askToSuspend = async (p: Page) => {
      await openCompany(p);
      await p.getByRole('region', { name: 'Company details' }).getByRole('button', { name: 'Suspend' }).click();
      await expect(p.getByRole('dialog', { name: 'Suspend this company?' })).toBeVisible();
    };
    await askToSuspend(page);
    const details = page.getByRole('region', { name: 'Company details' });
    await expect(details.getByText('Approved', { exact: true })).toBeVisible();
    const suspendDialog = page.getByRole('dialog', { name: 'Suspend this company?' });
    await expect(suspendDialog).toContainText(`${companyName} cannot order until you reinstate it. Its people see your reason.`);
    await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(suspendDialog.getByText(companyAdminMessages.reasonRequired)).toBeVisible();
    await suspendDialog.getByLabel('Reason (the dealer reads it)').fill(reason);
    await screenshotsAtWidths(page, 'company-suspend-dialog', async (p) => {
      await askToSuspend(p);
      await p.getByRole('dialog').getByLabel('Reason (the dealer reads it)').fill(reason);
    });
    await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${companyName} is suspended`)).toBeVisible();
    await expect(suspendDialog).toBeHidden();
    await expect(details.getByText('Suspended', { exact: true })).toBeVisible();
    await expect(details).toContainText(reason);

    // The dealer's dashboard says the company is suspended, and why; the purchase page refuses the order in words.
    await dealer.reload();
    const standing = dealer.getByTestId('company-standing');
    await expect(standing).toContainText('Company suspended');
    await expect(standing).toContainText(companyMessages.suspended);
    await expect(standing).toContainText(reason);
    await screenshotsAtWidths(dealer, 'company-suspended-dashboard', (p) => expect(p.getByTestId('company-standing')).toContainText(reason));
    await orderFromPurchasePage(dealer, product);
    // The purchase page says so before the order is filled, and the refusal gives the reason too.
    await expect(dealer.getByTestId('company-standing')).toContainText(reason);
    await expect(dealer.getByRole('alert').filter({ hasText: companyMessages.suspended })).toContainText(reason);
    await expect(dealer).toHaveURL(new RegExp(`/products/${product._id}$`, 'u'));

    // The admin reinstates the company: the reason is gone and it may be suspended again.
    await details.getByRole('button', { name: 'Reinstate' }).click();
    const reinstateDialog = page.getByRole('dialog', { name: 'Reinstate this company?' });
    await expect(reinstateDialog).toContainText(`${companyName} can order again.`);
    await reinstateDialog.getByRole('button', { name: 'Reinstate' }).click();
    await expect(page.getByText(`${companyName} is reinstated`)).toBeVisible();
    await expect(details.getByText('Approved', { exact: true })).toBeVisible();
    await expect(details).not.toContainText(reason);
    await expect(details.getByRole('button', { name: 'Suspend' })).toBeVisible();

    // The dealer's notice is gone and the order goes through: two orders in My Orders.
    await dealer.goto('/dashboard');
    await expect(dealer.getByTestId('verification-state')).toBeVisible();
    await expect(dealer.getByTestId('company-standing')).toHaveCount(0);
    await orderFromPurchasePage(dealer, product);
    await expect(dealer.getByText(toasts.orderAdded)).toBeVisible();
    await expect(dealer).toHaveURL(/\/dashboard\/my-orders$/u);
    await expect(dealer.getByRole('row', { name: new RegExp(product.name, 'u') })).toHaveCount(2);

    // The Audit Log keeps what this admin did: the suspension with its reason, then the reinstatement.
    await page.goto('/dashboard/audit-log');
    await page.getByLabel('Who (e-mail)').fill(admin.email);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const entries = page.getByTestId('audit-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Reinstated the company');
    await expect(entries.nth(0)).toContainText(companyName);
    await expect(entries.nth(0)).toContainText('Suspended → Approved');
    await expect(entries.nth(1)).toContainText('Suspended the company');
    await expect(entries.nth(1)).toContainText(companyName);
    await expect(entries.nth(1)).toContainText('Approved → Suspended');
    await expect(entries.nth(1)).toContainText(reason);
  } finally {
    await dealerContext.close();
  }
});
