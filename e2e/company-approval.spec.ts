// A shop that approves its dealers: an admin switches Settings to "apply and wait", a new dealer registers
// with the company section and sees that the company waits for approval, the admin reviews the application
// on Companies and approves it, the approval mail arrives (caught by the server's local mail catcher in
// DATA_DIR/mail), and the Audit Log shows the setting's change and the approval. Settings, Companies (the
// list and one company), the Audit Log, the register page and the waiting dealer's dashboard fit a phone, a tablet and a desktop
// (screenshots in .tmp/screens/). A second applicant is rejected with a reason: the reason reaches the dealer
// by mail and on the dashboard, the purchase page refuses its order in words, and the Audit Log keeps it.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { companyAdminMessages } from '../src/contract/company-admin';
import { companyMessages } from '../src/contract/dealer-company';
import { texts } from '../src/contract/messages';
import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, api, emulatorUrl, expect, signIn, test } from './fixtures';
import { mailTo, screenshotsAtWidths } from './screen-helpers';

test('an admin asks new dealers to apply, approves one on Companies, and the audit log shows both', async ({ page, browser, createUser, adminToken }) => {
  test.setTimeout(360_000);
  const admin = await createUser({ displayName: 'Alma Admin', admin: true });
  const suffix = randomUUID().slice(0, 6);
  const companyName = `Approval Tools ${suffix}`;
  const dealerEmail = `e2e-apply-${suffix}@example.com`;
  const restore = () => api('PATCH', '/admin/settings', { token: adminToken, body: { newCustomers: 'order_at_once' } });

  try {
    await signIn(page, admin);
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'New customers order at once, paying by card' })).toBeChecked();
    await page.getByRole('radio', { name: 'New customers apply and wait for approval' }).check();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The settings are saved')).toBeVisible();
    await screenshotsAtWidths(page, 'settings', (p) => expect(p.getByRole('radio', { name: 'New customers apply and wait for approval' })).toBeChecked());

    // A new dealer, in a browser of their own, registers with the company's details.
    const dealerContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
    const dealer = await dealerContext.newPage();
    await dealer.goto('/register');
    const section = dealer.getByRole('group', { name: 'Your company' });
    await expect(section).toBeVisible();
    await screenshotsAtWidths(dealer, 'register-company', (p) => expect(p.getByRole('group', { name: 'Your company' })).toBeVisible());
    await dealer.getByLabel('Name', { exact: true }).fill('Dora Dealer');
    // Nothing is sent while the company section is incomplete.
    await dealer.getByLabel('Email').fill(dealerEmail);
    await dealer.getByLabel('Password').fill(`pw-${randomUUID()}`);
    await dealer.getByRole('button', { name: 'Register and apply' }).click();
    await expect(section.getByText(companyMessages.nameRequired)).toBeVisible();
    await expect(section.getByText(companyMessages.countryRequired)).toBeVisible();
    await section.getByLabel('Company name').fill(companyName);
    await section.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await section.getByLabel('Tax or VAT number').fill('GB123456789');
    await dealer.getByRole('button', { name: 'Register and apply' }).click();
    await expect(dealer).toHaveURL(/\/dashboard$/u);
    const waiting = dealer.getByTestId('company-standing');
    await expect(waiting).toContainText('Waiting for approval');
    await expect(waiting).toContainText(companyMessages.notApproved);
    await screenshotsAtWidths(dealer, 'company-waiting', (p) => expect(p.getByTestId('company-standing')).toBeVisible());
    expect((await restore()).status).toBe(200);

    // The shop writes only to verified addresses: the dealer follows the verification link.
    const codes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
    await dealer.goto(codes.find((c) => c.email === dealerEmail && c.requestType === 'VERIFY_EMAIL')?.oobLink ?? '');
    await dealer.goto('/dashboard');
    await expect(dealer.getByTestId('verification-state')).toContainText('Your e-mail address is verified.');

    // The admin opens Companies on the applications and reviews this one.
    await page.goto('/dashboard/companies');
    await expect(page.getByLabel('Status')).toHaveValue('applied');
    const row = () => page.getByRole('button', { name: `Review ${companyName}` });
    await expect(row()).toBeVisible();
    await screenshotsAtWidths(page, 'companies', async (p) => {
      await expect(p.getByLabel('Status')).toHaveValue('applied');
      await expect(row()).toBeVisible();
    });
    const openCompany = async (p: Page) => {
      await p.getByLabel('Search by company or e-mail').fill(dealerEmail);
      await p.getByRole('button', { name: 'Search' }).click();
      await row().click();
      await expect(p.getByRole('heading', { name: companyName })).toBeVisible();
    };
    await openCompany(page);
    const details = page.getByRole('region', { name: 'Company details' });
    await expect(details).toContainText('United Kingdom');
    await expect(details).toContainText('GB123456789');
    await expect(page.getByText(dealerEmail)).toBeVisible();
    await expect(page.getByText('Company admin', { exact: true })).toBeVisible();
    await screenshotsAtWidths(page, 'company-detail', openCompany);

    await details.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this company?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`${companyName} is approved`)).toBeVisible();
    await expect(details.getByText('Approved', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Suspend' })).toBeVisible();

    const mail = await mailTo(dealerEmail, /is approved/u);
    expect(mail.subject).toBe(`${companyName} is approved: you can order now`);

    // The audit log tells who changed the setting and who approved the company.
    await page.goto('/dashboard/audit-log');
    const approval = page.getByTestId('audit-entry').filter({ hasText: 'Approved the company' }).filter({ hasText: companyName });
    await expect(approval).toContainText(admin.email);
    await expect(approval).toContainText('Shop admin');
    await expect(approval).toContainText('Applied → Approved');
    const setting = page.getByTestId('audit-entry').filter({ hasText: 'Changed a setting' }).filter({ hasText: admin.email });
    await expect(setting).toContainText('Order at once → Apply and wait');
    await page.getByLabel('What').selectOption({ label: 'Approved the company' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByTestId('audit-entry').filter({ hasText: 'Changed a setting' })).toHaveCount(0);
    await expect(approval).toBeVisible();
    await screenshotsAtWidths(page, 'audit-log', (p) => expect(p.getByTestId('audit-entry').first()).toBeVisible());

    // The dealer's company may order now: the notice is gone.
    await dealer.reload();
    await expect(dealer.getByTestId('verification-state')).toBeVisible();
    await expect(dealer.getByTestId('company-standing')).toHaveCount(0);
    await dealerContext.close();
  } finally {
    await restore();
    const found = await api<{ items: { _id: string }[] }>('GET', `/users?q=${encodeURIComponent(dealerEmail)}`, { token: adminToken });
    for (const user of found.body.items) await api('DELETE', `/users/${user._id}`, { token: adminToken });
  }
});

test('an admin rejects an application with a reason: the dealer is mailed it, reads it on the dashboard, and cannot order', async ({
  page,
  browser,
  createUser,
  createProduct,
  adminToken,
}) => {
  test.setTimeout(360_000);
  const admin = await createUser({ displayName: 'Rhea Reviewer', admin: true });
  const product = await createProduct({ name: 'Forgeline RS20 Rotary Saw', price: 120, availableQnt: 50, minOrderQnt: 2 });
  const suffix = randomUUID().slice(0, 6);
  const companyName = `Refused Tools ${suffix}`;
  const dealerEmail = `e2e-reject-${suffix}@example.com`;
  const reason = 'We sell only to registered tool shops; we could not find yours in the trade register.';
  const setNewCustomers = (newCustomers: 'order_at_once' | 'apply_and_wait') => api('PATCH', '/admin/settings', { token: adminToken, body: { newCustomers } });

  try {
    // The first journey shows the setting changed on Settings; here the shop already asks dealers to apply.
    expect((await setNewCustomers('apply_and_wait')).status).toBe(200);
    const dealerContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
    const dealer = await dealerContext.newPage();
    await dealer.goto('/register');
    const section = dealer.getByRole('group', { name: 'Your company' });
    await dealer.getByLabel('Name', { exact: true }).fill('Rory Reseller');
    await dealer.getByLabel('Email').fill(dealerEmail);
    await dealer.getByLabel('Password').fill(`pw-${randomUUID()}`);
    await section.getByLabel('Company name').fill(companyName);
    await section.getByLabel('Country').selectOption({ label: 'Ireland' });
    await dealer.getByRole('button', { name: 'Register and apply' }).click();
    await expect(dealer).toHaveURL(/\/dashboard$/u);
    await expect(dealer.getByTestId('company-standing')).toContainText('Waiting for approval');
    expect((await setNewCustomers('order_at_once')).status).toBe(200);

    // The rejection mail goes to a verified address only.
    const codes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
    await dealer.goto(codes.find((c) => c.email === dealerEmail && c.requestType === 'VERIFY_EMAIL')?.oobLink ?? '');
    await dealer.goto('/dashboard');
    await expect(dealer.getByTestId('verification-state')).toContainText('Your e-mail address is verified.');

    // The admin opens the application on Companies and rejects it, writing the reason the dealer will read.
    await signIn(page, admin);
    const openCompany = async (p: Page) => {
      await p.goto('/dashboard/companies');
      await p.getByLabel('Search by company or e-mail').fill(dealerEmail);
      await p.getByRole('button', { name: 'Search' }).click();
      await p.getByRole('button', { name: `Review ${companyName}` }).click();
      await expect(p.getByRole('heading', { name: companyName })).toBeVisible();
    };
    const dialog = page.getByRole('dialog', { name: 'Reject this application?' });
    const askToReject = async (p: Page) => {
      await openCompany(p);
      await p.getByRole('region', { name: 'Company details' }).getByRole('button', { name: 'Reject' }).click();
      await expect(p.getByRole('dialog', { name: 'Reject this application?' })).toBeVisible();
    };
    await askToReject(page);
    await expect(dialog).toContainText(`${companyName} cannot order. Its company admins get an e-mail with your reason.`);
    // Without a reason nothing is sent.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText(companyAdminMessages.reasonRequired)).toBeVisible();
    await dialog.getByLabel('Reason (the dealer reads it)').fill(reason);
    await screenshotsAtWidths(page, 'company-reject-dialog', async (p) => {
      await askToReject(p);
      await p.getByRole('dialog').getByLabel('Reason (the dealer reads it)').fill(reason);
    });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(`${companyName} is rejected`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const details = page.getByRole('region', { name: 'Company details' });
    await expect(details.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(details).toContainText(reason);
    // A rejected company may still be approved later, should things change.
    await expect(details.getByRole('button', { name: 'Approve' })).toBeVisible();

    const mail = await mailTo(dealerEmail, /Your application/u);
    expect(mail.subject).toBe(`Your application for ${companyName}`);
    expect(mail.text).toContain(reason);

    // The dealer's dashboard says the application was turned down, and why.
    await dealer.reload();
    const standing = dealer.getByTestId('company-standing');
    await expect(standing).toContainText('Application turned down');
    await expect(standing).toContainText(companyMessages.rejected);
    await expect(standing).toContainText(reason);

    // The purchase page takes the order's details, and the server refuses it in the dealer's words.
    await dealer.goto(`/products/${product._id}`);
    await expect(dealer.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await dealer.getByLabel('Address').fill('7 Dock Road, Cork');
    await dealer.getByLabel('Phone').fill('+353 21 555 0199');
    await expect(dealer.getByTestId('company-standing')).toContainText('Application turned down');
    await dealer.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(dealer.getByRole('alert').filter({ hasText: companyMessages.rejected })).toContainText(reason);
    await expect(dealer).toHaveURL(new RegExp(`/products/${product._id}$`, 'u'));
    await dealer.goto('/dashboard/my-orders');
    await expect(dealer.getByText(texts.noOrders)).toBeVisible();
    await dealerContext.close();

    // The Audit Log keeps who rejected the application, and the reason.
    await page.goto('/dashboard/audit-log');
    await page.getByLabel('What').selectOption({ label: 'Rejected the application' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const rejection = page.getByTestId('audit-entry').filter({ hasText: companyName });
    await expect(rejection).toContainText('Rejected the application');
    await expect(rejection).toContainText(admin.email);
    await expect(rejection).toContainText('Applied → Rejected');
    await expect(rejection).toContainText(reason);
  } finally {
    await setNewCustomers('order_at_once');
    const found = await api<{ items: { _id: string }[] }>('GET', `/users?q=${encodeURIComponent(dealerEmail)}`, { token: adminToken });
    for (const user of found.body.items) await api('DELETE', `/users/${user._id}`, { token: adminToken });
  }
});
