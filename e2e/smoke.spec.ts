import { expect, test } from './fixtures';

test('the built PWA is served with the seeded catalogue, and client routes fall back to the app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Tools' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
  expect(await page.getByRole('link', { name: 'Order Now' }).count()).toBeGreaterThanOrEqual(12);

  await page.goto('/this/path/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found !' })).toBeVisible();
});

test('a protected page sends a signed-out visitor to the login page, remembering where they were', async ({ page }) => {
  await page.goto('/dashboard/my-orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fmy-orders/u);
});
