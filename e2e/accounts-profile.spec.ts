// My Profile: prefilled from the server, the spec's messages, saving, offline, and resending the
// verification e-mail.

import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, emulatorUrl, expect, signIn, test } from './fixtures';

test('a dealer fills in the profile, sees the spec messages, saves it and finds it again', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Paula Profile' });
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toHaveValue('Paula Profile');
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Phone No. is required')).toBeVisible();
  await expect(page.getByLabel('Address')).toBeFocused();

  await page.getByLabel('Address').fill('4 Forge Lane, Sheffield S1 2AB');
  await page.getByLabel('Phone').fill('+44 114 496 0123');
  await page.getByLabel('LinkedIn URL').fill('ftp://example.com/me');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('LinkedIn must be a URL starting with http:// or https://')).toBeVisible();
  await expect(page.getByLabel('LinkedIn URL')).toBeFocused();

  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/paula-profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Your profile is updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Address')).toHaveValue('4 Forge Lane, Sheffield S1 2AB');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 114 496 0123');
  await expect(page.getByLabel('LinkedIn URL')).toHaveValue('https://www.linkedin.com/in/paula-profile');
});

test('offline, saving the profile and resending the e-mail are disabled with the reason shown', async ({ page, context, createUser }) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Address')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeDisabled();
  await expect(page.getByText('You are offline. This needs a connection.').first()).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeEnabled();
});

test('an unverified dealer resends the verification e-mail from My Profile', async ({ page, createUser }) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByTestId('verification-state')).toContainText('Not verified');
  await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText('A verification email is sent !')).toBeVisible();
  const oobCodes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
  expect(oobCodes.filter((c) => c.email === user.email && c.requestType === 'VERIFY_EMAIL')).toHaveLength(1);
});
