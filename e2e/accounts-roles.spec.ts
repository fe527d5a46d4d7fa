// The guards (docs/architecture.md, "Client conventions") and the spec, in the browser. The server
// enforces the same rules on its own (tests/api).

import { expect, signIn, test } from './fixtures';

test('an admin opening My Orders or Add Review goes to the dashboard', async ({ page, createUser }) => {
  await signIn(page, await createUser({ admin: true }));
  for (const path of ['/dashboard/my-orders', '/dashboard/add-review']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/u);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('an admin opening a purchase page goes home with a toast', async ({ page, createUser, createProduct }) => {
  const id = (await createProduct())._id;
  await signIn(page, await createUser({ admin: true }));
  await page.goto(`/products/${id}`);
  await expect(page.getByText('Admin is not able to order!')).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/u);
});

test('a customer opening an admin page is signed out and sent to log in', async ({ page, createUser }) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/login$/u);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a customer may open the purchase page; a visitor is asked to sign in first and comes back', async ({ page, createUser, createProduct }) => {
  const id = (await createProduct())._id;
  const user = await createUser();
  await page.goto(`/products/${id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproducts%2F${id}$`, 'u'));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`, 'u'));
});

test('an admin may open the admin pages', async ({ page, createUser }) => {
  await signIn(page, await createUser({ admin: true }));
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/dashboard\/manage-users$/u);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
