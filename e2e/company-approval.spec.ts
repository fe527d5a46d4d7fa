// A shop that approves its dealers: an admin switches Settings to "apply and wait", a new dealer registers
// with the company section and sees that the company waits for approval, the admin reviews the application
// on Companies and approves it, the approval mail arrives (caught by the server's local mail catcher in
// DATA_DIR/mail), and the Audit Log shows the setting's change and the approval. Settings, Companies (the
// list and one company), the Audit Log, the register page and the waiting dealer's dashboard fit a phone, a tablet and a desktop
// (screenshots in .tmp/screens/).

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { companyMessages } from '../src/contract/dealer-company';
import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, api, emulatorUrl, expect, signIn, test } from './fixtures';
import { mailTo, screenshotsAtWidths } from './screen-helpers';

test('an admin asks new dealers to apply, approves one on Companies, and the audit log shows both', async ({ page, browser, createUser, adminToken }) => {
  test.setTimeout(180_000);
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
