// Login, Register and My Profile on a phone, a tablet and a desktop: nothing scrolls sideways, the
// main action is reachable, and touch targets are at least 44 px. Screenshots go to .tmp/screens.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const WIDTHS = [375, 768, 1024, 1440];

for (const width of WIDTHS) {
  test(`login, register and profile fit a ${width} px screen`, async ({ page, createUser }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await createUser({ displayName: 'Morgan Measure' });

    const screens: { path: string; name: string; heading: string; action: string }[] = [
      { path: '/login', name: 'login', heading: 'Login', action: 'Login' },
      { path: '/register', name: 'register', heading: 'Register', action: 'Register' },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await checkLayout(page, screen.action, width);
      await page.screenshot({ path: `.tmp/screens/accounts-${screen.name}-${width}.png`, fullPage: true });
    }

    // Login with a reset e-mail asked for: the link is a full-size target and its answer fits.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByTestId('password-reset-status')).toContainText('is on its way');
    await checkLayout(page, 'Forgot password?', width);
    await page.screenshot({ path: `.tmp/screens/accounts-login-reset-${width}.png`, fullPage: true });

    // The fixture looks for Logout in the bar, which folds into the menu below 992 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, user);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByLabel('Address')).toBeVisible();
    await checkLayout(page, 'Update Profile', width);
    await page.screenshot({ path: `.tmp/screens/accounts-profile-${width}.png`, fullPage: true });
  });
}

async function checkLayout(page: Page, action: string, width: number): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
  const button = page.getByRole('main').getByRole('button', { name: action, exact: true });
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}
