// The Content-Security-Policy the server sends must be one the PWA works under: the home page, the
// login screen and dashboard pages render, with not one violation reported by the browser.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Collects every CSP violation the browser reports: console errors and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/iu.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

test('home, login and the dashboard load under the CSP with zero violations', async ({ page, createUser }) => {
  const violations = await watchViolations(page);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('stripe');
  await expect(page.getByRole('heading', { name: 'Find Your Tools' })).toBeVisible();
  // The catalogue comes from the API and its pictures from /uploads: both allowed by the policy.
  await expect(page.getByRole('link', { name: /Order Now/u }).first()).toBeVisible();
  const picture = page.locator('img[src^="/uploads/"]').first();
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Continue with Google/u })).toBeVisible();

  const user = await createUser({ displayName: 'Policy Dealer' });
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.goto('/dashboard/my-orders');
  await expect(page.getByText('You have no order to show')).toBeVisible();

  expect(violations).toEqual([]);
});
