// Registering, verifying the e-mail through the Auth emulator's link, and the register form's rules.

import { randomUUID } from 'node:crypto';
import { e2eEnv } from '../playwright.config';
import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, emulatorUrl, expect, test } from './fixtures';

/** The e-mails the Auth emulator would have sent (it keeps them instead of sending). */
async function verificationLinks(email: string): Promise<string[]> {
  const oobCodes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
  return oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').map((c) => c.oobLink);
}

test('a dealer registers, lands home signed in, verifies the e-mail and sees it on My Profile', async ({ page }) => {
  const email = `e2e-reg-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Name').fill('Rita Register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(`pw-${randomUUID()}`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByText('A verification email is sent !')).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/u);
  await expect(page.getByTestId('nav-user')).toContainText('Rita Register');

  await page.goto('/dashboard');
  await expect(page.getByTestId('verification-state')).toContainText('Not verified');
  await expect(page.getByLabel('Name')).toHaveValue('Rita Register');
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const links = await verificationLinks(email);
  expect(links).toHaveLength(1);
  await page.goto(links[0] ?? '');
  await page.goto('/dashboard');
  await expect(page.getByTestId('verification-state')).toContainText('Your e-mail address is verified.');
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toHaveCount(0);

  // The server recorded it too: a fresh token exchange happened with the verified ID token.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const profile = await fetch(`${e2eEnv.baseURL}/api/users/${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
  expect(await profile.json()).toMatchObject({ email, displayName: 'Rita Register', emailVerified: true, admin: false });
});

test('the register form shows the spec messages and focuses the first invalid field', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Val Idation');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page).toHaveURL(/\/register$/u);
});

test('registering an e-mail that already has an account says so in plain words', async ({ page, createUser }) => {
  const existing = await createUser();
  await page.goto('/register');
  await page.getByLabel('Name').fill('Dup Licate');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill(`pw-${randomUUID()}`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('An account with this e-mail already exists. Please log in instead.');
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('a weak password is refused with a readable reason', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Shorty');
  await page.getByLabel('Email').fill(`e2e-weak-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('Choose a stronger password: at least 6 characters.');
});

test('the register screen links to the login screen', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/u);
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/u);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});
