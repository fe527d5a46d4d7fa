// "Forgot password?" on Login: the provider's reset e-mail goes to the address typed above (the Auth
// emulator keeps it), the link in it sets a new password, and the dealer logs in with that. An address
// without an account gets the same answer, so the form tells nobody who has one.

import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, emulatorUrl, expect, signIn, test } from './fixtures';

async function resetLinks(email: string): Promise<string[]> {
  const codes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
  return codes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').map((c) => c.oobLink);
}

test('a dealer who forgot the password gets the reset e-mail, sets a new password through its link and logs in with it', async ({ page, createUser }) => {
  const dealer = await createUser({ displayName: 'Forgetful Dealer' });
  await page.goto('/login');
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  const status = page.getByTestId('password-reset-status');

  // Without an address there is nothing to send to.
  await forgot.click();
  await expect(status).toHaveText('Type your e-mail address above, then choose Forgot password? again.');
  expect(await resetLinks(dealer.email)).toHaveLength(0);

  await page.getByLabel('Email').fill(dealer.email);
  await forgot.click();
  await expect(status).toHaveText(
    `If an account uses ${dealer.email}, an e-mail with a link to choose a new password is on its way. Open it, then log in with the new password.`,
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await expect.poll(() => resetLinks(dealer.email)).toHaveLength(1);

  // The link's code sets the new password, as the provider's page does when the dealer opens it.
  const [link = ''] = await resetLinks(dealer.email);
  const oobCode = new URL(link).searchParams.get('oobCode');
  const newPassword = `new-${randomUUID().slice(0, 12)}`;
  const reset = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  expect(reset.status).toBe(200);

  // The old password no longer works; the new one does.
  await page.getByLabel('Password').fill(dealer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('auth-error')).toContainText('The e-mail or password is wrong');
  await signIn(page, { email: dealer.email, password: newPassword });
  await expect(page.getByTestId('nav-user')).toContainText('Forgetful Dealer');
});

test('an address without an account gets the same answer, and no e-mail is kept for it', async ({ page }) => {
  const stranger = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByTestId('password-reset-status')).toHaveText(
    `If an account uses ${stranger}, an e-mail with a link to choose a new password is on its way. Open it, then log in with the new password.`,
  );
  expect(await resetLinks(stranger)).toHaveLength(0);
});
