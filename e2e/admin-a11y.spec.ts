// Accessibility of the admin screens: an axe-core scan with zero violations on a desktop and on a tablet,
// with the drawer open, with the confirmation modal open, and with the Add Product form's messages shown.

import { expect, signIn, test } from './fixtures';
import { expectNoViolations } from './screen-helpers';

const SCREENS = [
  { path: '/dashboard/manage-users', title: 'Make Admin' },
  { path: '/dashboard/add-product', title: 'Add A Product' },
  { path: '/dashboard/manage-orders', title: 'Manage Orders' },
  { path: '/dashboard/manage-products', title: 'Manage Products' },
  { path: '/dashboard/sales', title: 'Sales' },
  { path: '/dashboard/manage-reviews', title: 'Manage Reviews' },
  { path: '/dashboard/companies', title: 'Companies' },
  { path: '/dashboard/price-lists', title: 'Price Lists' },
  { path: '/dashboard/tax-rates', title: 'Tax Rates' },
  { path: '/dashboard/audit-log', title: 'Audit Log' },
  { path: '/dashboard/settings', title: 'Settings' },
];

// One test per width: eleven screens loaded and scanned take about a minute on a busy two-core machine.
for (const [width, device] of [
  [1280, 'a desktop'],
  [768, 'a tablet'],
] as const) {
  test(`axe finds nothing on the admin screens on ${device} (${width} px)`, async ({ page, createUser }) => {
    test.setTimeout(240_000);
    await signIn(page, await createUser({ admin: true }));
    await page.setViewportSize({ width, height: 900 });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      await expect(page.getByText(/^Loading/u)).toHaveCount(0);
      await expectNoViolations(page, `${screen.path} at ${width}`);
    }
  });
}

test('axe finds nothing with the drawer open, the modal open, or the form messages shown', async ({ page, createUser }) => {
  await signIn(page, await createUser({ admin: true }));
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/dashboard/manage-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Dashboard menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Products' })).toBeFocused();
  await expectNoViolations(page, 'drawer open');
  await page.keyboard.press('Escape');

  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Delete Alert!' })).toBeVisible();
  await expectNoViolations(page, 'modal open');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/add-product');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Image is required')).toBeVisible();
  await expectNoViolations(page, 'form messages');
});
