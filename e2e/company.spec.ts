// My Company: a dealer gives the company its details, adds two locations, makes the second the default and
// deletes the first; the server holds what the screen shows. The page fits a phone, a tablet and a desktop
// (screenshots in .tmp/screens/).

import type { Page } from '@playwright/test';
import type { MyCompany } from '../src/contract/dealer-company';
import { api, expect, signIn, test } from './fixtures';
import { sideways } from './screen-helpers';

async function addLocation(page: Page, location: { name: string; contact: string; address: string; phone: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add a location' }).click();
  const form = page.getByRole('form', { name: 'New location' });
  await form.getByLabel('Location name').fill(location.name);
  await form.getByLabel('Contact name').fill(location.contact);
  await form.getByLabel('Address').fill(location.address);
  await form.getByLabel('Phone').fill(location.phone);
  await form.getByRole('button', { name: 'Add location' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: location.name })).toBeVisible();
}

test('a dealer edits the company, adds two locations, makes the second the default and deletes the first', async ({ page, createUser }) => {
  const dealer = await createUser({ displayName: 'Casey Contractor' });
  await signIn(page, dealer);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.getByRole('link', { name: 'My Company', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/my-company$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'My Company' })).toBeVisible();
  // A registered dealer has a company of one, named after them.
  await expect(page.getByLabel('Company name')).toHaveValue('Casey Contractor');
  await expect(page.getByText('No locations yet.')).toBeVisible();

  // The company's details, with a refused tax number first.
  await page.getByLabel('Company name').fill('Casey Tools Ltd');
  await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await page.getByLabel('Tax or VAT number').fill('GB#123');
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page.getByText('A tax number has only letters, digits, spaces and dashes')).toBeVisible();
  await page.getByLabel('Tax or VAT number').fill('GB 123 4567 89');
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page.getByText('Your company is updated')).toBeVisible();

  // A location without its fields is refused in the dealer's words.
  await page.getByRole('button', { name: 'Add a location' }).click();
  const empty = page.getByRole('form', { name: 'New location' });
  await empty.getByRole('button', { name: 'Add location' }).click();
  await expect(empty.getByText('Location name is required')).toBeVisible();
  await expect(empty.getByText('Address is required')).toBeVisible();
  await empty.getByRole('button', { name: 'Cancel' }).click();

  await addLocation(page, { name: 'Leeds branch', contact: 'Casey Contractor', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000' });
  await addLocation(page, { name: 'Bradford depot', contact: 'Sam Stores', address: '3 Mill Lane, Bradford BD1 1AA', phone: '+44 1274 496 000' });
  const leeds = page.getByRole('listitem', { name: 'Leeds branch' });
  const bradford = page.getByRole('listitem', { name: 'Bradford depot' });
  // A new location starts in the company's country; the card says where it is and what tax its orders pay.
  await expect(bradford.getByTestId('location-tax')).toHaveText('United Kingdom · no tax rate set');
  await expect(leeds.getByText('Default', { exact: true })).toBeVisible();
  await expect(bradford.getByText('Default', { exact: true })).toHaveCount(0);

  await bradford.getByRole('button', { name: 'Make Bradford depot the default' }).click();
  await expect(bradford.getByText('Default', { exact: true })).toBeVisible();
  await expect(leeds.getByText('Default', { exact: true })).toHaveCount(0);

  await leeds.getByRole('button', { name: 'Delete Leeds branch' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this location?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete location' }).click();
  await expect(confirm).toBeHidden();
  await expect(leeds).toHaveCount(0);

  // What the server holds is what the screen showed.
  const { status, body } = await api<MyCompany>('GET', '/company', { token: dealer.token });
  expect(status).toBe(200);
  expect(body.company).toMatchObject({ name: 'Casey Tools Ltd', country: 'GB', taxNumber: 'GB 123 4567 89', status: 'approved' });
  expect(body.locations).toEqual([
    {
      id: expect.any(String),
      name: 'Bradford depot',
      contactName: 'Sam Stores',
      address: '3 Mill Lane, Bradford BD1 1AA',
      phone: '+44 1274 496 000',
      isDefault: true,
      country: 'GB',
      region: '',
      taxRateMicros: 0,
      taxName: null,
    },
  ]);

  // The page fits a phone, a tablet and a desktop.
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Bradford depot' })).toBeVisible();
    expect(await sideways(page), `My Company at ${width} px`).toBe(0);
    await page.screenshot({ path: `.tmp/screens/company-${width}.png`, fullPage: true });
  }
});
