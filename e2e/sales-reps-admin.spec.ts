// Sales reps from the admins' side: an admin makes a customer a sales rep on Make Admin, assigns the rep to a
// dealer company on Companies, removes it again, and makes the rep a customer again; the Audit Log lists each
// step. Make Admin with a rep and a company with its reps fit a phone, a tablet and a desktop (screenshots in
// .tmp/screens/), and axe finds nothing on them.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';
import { expectNoViolations, screenshotsAtWidths } from './screen-helpers';

test('an admin makes a sales rep, assigns it to a company and removes it, makes it a customer again, and the audit log shows it all', async ({
  page,
  createUser,
  adminToken,
}) => {
  test.setTimeout(240_000);
  const admin = await createUser({ displayName: 'Alma Admin', admin: true });
  const rex = await createUser({ displayName: 'Rex Rep' });
  const dana = await createUser({ displayName: 'Dana Dealer' });
  // A second rep, made through the API, so the company's choice still offers one once Rex is assigned.
  const sue = await createUser({ displayName: 'Sue Seller' });
  expect((await api('PUT', `/user/rep/${encodeURIComponent(sue.email)}`, { token: adminToken })).status).toBe(200);
  const companyName = `Rep Tools ${randomUUID().slice(0, 6)}`;
  const renamed = await api('PATCH', '/company', { token: dana.token, body: { name: companyName } });
  expect(renamed.status).toBe(200);

  await signIn(page, admin);

  // Make Admin: the customer's row offers Make sales rep, confirmed in a dialog that says what happens.
  // The list is a table on a desktop and cards on a phone: the pager's count holds for both.
  const findUser = async (p: Page) => {
    await p.getByLabel('Search by e-mail').fill(rex.email);
    await p.getByRole('button', { name: 'Search' }).click();
    await expect(p.getByText('Showing 1–1 of 1')).toBeVisible();
  };
  const rexRow = page.getByRole('row', { name: new RegExp(rex.email, 'u') });
  await page.goto('/dashboard/manage-users');
  await findUser(page);
  await rexRow.getByRole('button', { name: `Make sales rep ${rex.email}` }).click();
  const makeRep = page.getByRole('dialog', { name: 'Make this account a sales rep?' });
  await expect(makeRep).toContainText(`${rex.email} becomes a sales rep`);
  await expect(makeRep).toContainText('They leave the company they buy for now.');
  await makeRep.getByRole('button', { name: 'Make sales rep' }).click();
  await expect(page.getByText(`${rex.email} is now a sales rep. Assign their companies on the Companies page.`)).toBeVisible();
  await expect(makeRep).toBeHidden();
  await expect(rexRow.getByText('Sales rep', { exact: true })).toBeVisible();
  await expect(rexRow.getByRole('button', { name: `Make customer ${rex.email}` })).toBeVisible();
  await expect(rexRow.getByRole('button', { name: /Make Admin/u })).toHaveCount(0);
  await screenshotsAtWidths(page, 'users-with-rep', async (p) => {
    await findUser(p);
    await expect(p.getByRole('button', { name: `Make customer ${rex.email}` })).toBeVisible();
    await expectNoViolations(p, 'Make Admin with a sales rep');
  });

  // Companies: Dana's company gets Rex as its sales rep.
  const openCompany = async (p: Page) => {
    await p.getByLabel('Status').selectOption('all');
    await p.getByLabel('Search by company or e-mail').fill(companyName);
    await p.getByRole('button', { name: 'Search' }).click();
    await p.getByRole('button', { name: `Open ${companyName}` }).click();
    await expect(p.getByRole('heading', { name: companyName })).toBeVisible();
  };
  await page.goto('/dashboard/companies');
  await openCompany(page);
  const reps = page.getByRole('region', { name: /^Sales reps/u });
  await expect(reps.getByRole('heading', { name: 'Sales reps (0)' })).toBeVisible();
  await expect(reps).toContainText('No sales rep orders for this company yet.');
  await reps.getByLabel('Sales rep to assign').selectOption({ label: `Rex Rep (${rex.email})` });
  await reps.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`Rex Rep now orders for ${companyName}`)).toBeVisible();
  const rexItem = reps.getByRole('listitem', { name: rex.email });
  await expect(rexItem).toContainText('Rex Rep');
  await expect(rexItem).toContainText('Since');
  await expect(reps.getByRole('heading', { name: 'Sales reps (1)' })).toBeVisible();
  // Only the reps not assigned yet are offered.
  const choice = reps.getByLabel('Sales rep to assign');
  await expect(choice.locator('option', { hasText: sue.email })).toHaveCount(1);
  await expect(choice.locator('option', { hasText: rex.email })).toHaveCount(0);
  await screenshotsAtWidths(page, 'company-detail-reps', async (p) => {
    await openCompany(p);
    const section = p.getByRole('region', { name: /^Sales reps/u });
    await expect(section.getByRole('listitem', { name: rex.email })).toBeVisible();
    await expect(section.getByLabel('Sales rep to assign')).toBeVisible();
    await expectNoViolations(p, 'a company with its sales reps');
  });

  // Removed again, after the dialog.
  await rexItem.getByRole('button', { name: 'Remove Rex Rep' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Rex Rep?' });
  await expect(remove).toContainText(`can no longer order for ${companyName}`);
  await remove.getByRole('button', { name: 'Remove sales rep' }).click();
  await expect(page.getByText(`Rex Rep no longer orders for ${companyName}`)).toBeVisible();
  await expect(remove).toBeHidden();
  await expect(rexItem).toHaveCount(0);
  await expect(reps.getByRole('heading', { name: 'Sales reps (0)' })).toBeVisible();

  // Make Admin again: Rex becomes a customer, with a company of his own.
  await page.goto('/dashboard/manage-users');
  await findUser(page);
  await rexRow.getByRole('button', { name: `Make customer ${rex.email}` }).click();
  const makeCustomer = page.getByRole('dialog', { name: 'Make this sales rep a customer again?' });
  await expect(makeCustomer).toContainText(`${rex.email} stops being a sales rep. No company is assigned to them now.`);
  await expect(makeCustomer).toContainText('They get a company of their own');
  await makeCustomer.getByRole('button', { name: 'Make customer' }).click();
  await expect(page.getByText(`${rex.email} is a customer again, with a company of their own.`)).toBeVisible();
  await expect(rexRow.getByRole('button', { name: `Make sales rep ${rex.email}` })).toBeVisible();
  await expect(rexRow.getByText('Sales rep', { exact: true })).toHaveCount(0);

  // The audit log names each step, by this admin.
  await page.goto('/dashboard/audit-log');
  await page.getByLabel('Who (e-mail)').fill(admin.email);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const entry = (action: string) => page.getByTestId('audit-entry').filter({ hasText: action });
  await expect(entry('Made someone a sales rep')).toContainText('Customer → Sales rep');
  await expect(entry('Made someone a sales rep')).toContainText(`Account: ${rex.email}`);
  await expect(entry('Assigned a sales rep to the company')).toContainText(companyName);
  await expect(entry('Assigned a sales rep to the company')).toContainText(rex.email);
  await expect(entry('Removed a sales rep from the company')).toContainText(companyName);
  await expect(entry('Made a sales rep a customer again')).toContainText('Sales rep → Customer');
  await expect(entry('Made a sales rep a customer again')).toContainText(`Account: ${rex.email}`);
  for (const action of [
    'Made someone a sales rep',
    'Assigned a sales rep to the company',
    'Removed a sales rep from the company',
    'Made a sales rep a customer again',
  ]) {
    await expect(entry(action)).toHaveCount(1);
    await expect(entry(action)).toContainText(admin.email);
  }
});
