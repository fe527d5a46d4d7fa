// The dashboard on a phone and a tablet: no page scrolls sideways. Wide lists become cards below 1024 px,
// and what must stay wide (the Sales chart) scrolls inside its own frame.

import type { Page } from '@playwright/test';
import { demoAccounts } from '../server/db/seed-data';
import { expect, orderThroughApi, signIn, test } from './fixtures';
import { sideways } from './screen-helpers';

const WIDTHS = [375, 820] as const;

async function openAt(page: Page, path: string, title: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/u })).toHaveCount(0);
}

test("a dealer's dashboard pages fit a phone and a tablet", async ({ page, createUser, createProduct }) => {
  const dealer = await createUser({ displayName: 'Narrow Screen Dealer' });
  const product = await createProduct({ name: 'Forgeline NW18 Narrow Screen Nailer', price: 210, availableQnt: 400, minOrderQnt: 2 });
  expect((await orderThroughApi(dealer, product, 2)).status).toBe(201);
  await signIn(page, dealer);
  for (const width of WIDTHS) {
    for (const [path, title] of [
      ['/dashboard/my-orders', 'My Orders'],
      ['/dashboard/order-pad', 'Order Pad'],
      ['/dashboard', 'My Profile'],
    ] as const) {
      await openAt(page, path, title, width);
      expect(await sideways(page), `${title} at ${width} px`).toBe(0);
    }
  }
});

test("an admin's dashboard pages fit a phone and a tablet", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  for (const width of WIDTHS) {
    for (const [path, title] of [
      ['/dashboard/sales', 'Sales'],
      ['/dashboard/manage-orders', 'Manage Orders'],
      ['/dashboard/manage-products', 'Manage Products'],
      ['/dashboard/manage-reviews', 'Manage Reviews'],
      ['/dashboard/manage-users', 'Make Admin'],
    ] as const) {
      await openAt(page, path, title, width);
      expect(await sideways(page), `${title} at ${width} px`).toBe(0);
    }
  }
});
