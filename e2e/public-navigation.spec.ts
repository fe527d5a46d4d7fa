// The fixed navigation bar (the spec): links signed out and signed in, Logout, and the menu
// that replaces the links below lg (992 px), operated by touch and by keyboard.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => nav(page).getByRole('button', { name: 'Menu', exact: true });
const menu = async (page: Page) => page.locator(`#${await menuButton(page).getAttribute('aria-controls')}`);

test('signed out on a desktop: brand, Blogs, Portfolio, Login and Register; no Dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/blogs');
  const header = page.locator('header').first();
  await expect(header).toHaveCSS('position', 'fixed');
  await expect(nav(page).getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
  await expect(nav(page).getByRole('link', { name: 'Portfolio' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(menuButton(page)).toBeHidden();

  await nav(page).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/u);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Forgeline home' }).click();
  await expect(page).toHaveURL(/\/$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Tools' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/u);
  await nav(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/u);

  // The bar stays in place while the page scrolls.
  await page.goto('/');
  await page.mouse.wheel(0, 3000);
  await expect(nav(page)).toBeInViewport();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 991, height: 800 } });

  test('below lg the links fold into a menu that opens and closes by touch', async ({ page }) => {
    await page.goto('/');
    await expect(nav(page).getByRole('link', { name: 'Blogs' })).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(await menu(page)).toBeHidden();

    await menuButton(page).tap();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const opened = await menu(page);
    await expect(opened.getByRole('link')).toHaveText(['Blogs', 'Portfolio', 'Login', 'Register']);
    for (const link of await opened.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }

    await opened.getByRole('link', { name: 'Portfolio' }).tap();
    await expect(page).toHaveURL(/\/portfolio$/u);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    // A tap outside the bar closes the menu.
    await menuButton(page).tap();
    await expect(await menu(page)).toBeVisible();
    await page.touchscreen.tap(200, 760);
    await expect(await menu(page)).toBeHidden();

    // At lg and up the links are back in the bar and the button is gone.
    await page.setViewportSize({ width: 992, height: 800 });
    await expect(menuButton(page)).toBeHidden();
    await expect(nav(page).getByRole('link', { name: 'Blogs' })).toBeVisible();
  });
});

test('the menu works from the keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Forgeline home' }).focus();
  await page.keyboard.press('Tab');
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect((await menu(page)).getByRole('link', { name: 'Blogs' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(await menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blogs$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expect(await menu(page)).toBeHidden();
});

test('signed in: the display name, Dashboard and Logout; Logout clears the session and goes to /login', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Nadia Navtest' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user);
  await page.goto('/');
  await expect(nav(page).getByTestId('nav-user')).toHaveText(/Nadia Navtest/u);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Register' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);

  // The same, folded into the menu on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await menuButton(page).click();
  const opened = await menu(page);
  await expect(opened.getByTestId('nav-user')).toHaveText(/Nadia Navtest/u);
  await expect(opened.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await opened.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/u);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  // Signed out for good: a protected page sends the visitor back to login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/u);
});
