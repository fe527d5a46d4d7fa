// A company's people: its admin invites a buyer from My Company, the invitation mail arrives (caught by the
// server's local mail catcher in DATA_DIR/mail), the buyer registers with that address in a browser of
// their own, verifies it through the Auth emulator's link, opens the invitation's link and joins; they see
// the company read-only. The admin then changes the buyer's role and removes them, and the buyer is back to
// a company of their own. My Company's people and the join page fit a phone, a tablet and a desktop
// (screenshots in .tmp/screens/).

import { randomUUID } from 'node:crypto';
import { e2eEnv } from '../playwright.config';
import { emulatorOobCodes } from '../tests/helpers/auth-emulator';
import { EMULATOR_PROJECT_ID, api, emulatorUrl, expect, signIn, test } from './fixtures';
import { mailTo, screenshotsAtWidths } from './screen-helpers';

test('a company admin invites a buyer, who registers, verifies, joins and is then given another role and removed', async ({ page, browser, createUser }) => {
  test.setTimeout(240_000);
  const rita = await createUser({ displayName: 'Rita Berger', verified: true });
  const renamed = await api('PATCH', '/company', { token: rita.token, body: { name: 'Rita’s Tools' } });
  expect(renamed.status).toBe(200);
  const bobEmail = `e2e-bob-${randomUUID().slice(0, 8)}@example.com`;

  await signIn(page, rita);
  await page.goto('/dashboard/my-company');
  const people = page.getByRole('region', { name: 'Company people' });
  await expect(people.getByRole('listitem', { name: rita.email })).toContainText('The company’s only admin');
  const invite = people.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill(bobEmail.toUpperCase());
  await invite.getByLabel('Role').selectOption({ label: 'Buyer' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${bobEmail}`)).toBeVisible();
  await expect(people.getByRole('list', { name: 'Open invitations' }).getByRole('listitem', { name: bobEmail })).toContainText('Buyer · open until');

  // The mail carries the join page's link on the shop's public address.
  const mail = await mailTo(bobEmail, /invites you to buy from/u);
  expect(mail.subject).toBe('Rita’s Tools invites you to buy from Forgeline Power Tools');
  const link = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43}/u.exec(mail.text)?.[0] ?? '';
  expect(link.startsWith(`${e2eEnv.baseURL}/join/`)).toBe(true);
  const joinPath = new URL(link).pathname;

  // Bob, in a browser of his own, opens the link before having an account.
  const bobContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
  const bob = await bobContext.newPage();
  await bob.goto(joinPath);
  await expect(bob.getByRole('heading', { name: 'Rita’s Tools invites you to buy for them' })).toBeVisible();
  await expect(bob.getByText(bobEmail).first()).toBeVisible();
  await expect(bob.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await screenshotsAtWidths(bob, 'join', (p) => expect(p.getByRole('link', { name: 'Sign in to accept' })).toBeVisible());

  await bob.getByRole('link', { name: 'Register with this address' }).click();
  await bob.getByLabel('Name').fill('Bob Buyer');
  await bob.getByLabel('Email').fill(bobEmail);
  await bob.getByLabel('Password').fill(`pw-${randomUUID()}`);
  await bob.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(bob.getByText('A verification email is sent !')).toBeVisible();

  // Registering went back to the invitation, which, not verified yet, says what to do first.
  await expect(bob).toHaveURL(new RegExp(`${joinPath}$`, 'u'));
  await expect(bob.getByText(`Verify your e-mail address ${bobEmail} first`)).toBeVisible();

  const codes = await emulatorOobCodes(emulatorUrl, EMULATOR_PROJECT_ID);
  const verifyLink = codes.find((c) => c.email === bobEmail && c.requestType === 'VERIFY_EMAIL')?.oobLink ?? '';
  await bob.goto(verifyLink);
  await bob.goto('/dashboard');
  await expect(bob.getByTestId('verification-state')).toContainText('Your e-mail address is verified.');

  await bob.goto(joinPath);
  await bob.getByRole('button', { name: 'Join Rita’s Tools' }).click();
  await expect(bob).toHaveURL(/\/dashboard\/my-company$/u);
  await expect(bob.getByText('You now buy for Rita’s Tools')).toBeVisible();
  await expect(bob.getByText('You buy for this company.')).toBeVisible();
  await expect(bob.getByLabel('Company name')).toHaveValue('Rita’s Tools');
  await expect(bob.getByRole('button', { name: 'Save company' })).toHaveCount(0);
  await expect(bob.getByRole('region', { name: 'Company people' })).toHaveCount(0);

  // The link is used up.
  await bob.goto(joinPath);
  await expect(bob.getByText('This invitation has already been used to join the company.')).toBeVisible();

  // Rita sees Bob, makes him a company admin and back, lets him see all orders, then removes him.
  await page.reload();
  const bobRow = people.getByRole('listitem', { name: bobEmail });
  await expect(bobRow).toContainText('Bob Buyer');
  await expect(people.getByRole('list', { name: 'Open invitations' })).toHaveCount(0);
  await screenshotsAtWidths(page, 'company-members', (p) =>
    expect(p.getByRole('region', { name: 'Company people' }).getByRole('listitem', { name: bobEmail })).toBeVisible(),
  );

  await bobRow.getByLabel('Role of Bob Buyer').selectOption({ label: 'Company admin' });
  await expect(page.getByText('Bob Buyer is now a company admin')).toBeVisible();
  await expect(people.getByRole('listitem', { name: rita.email })).not.toContainText('The company’s only admin');
  await bobRow.getByLabel('Role of Bob Buyer').selectOption({ label: 'Buyer' });
  await expect(page.getByText('Bob Buyer is now a buyer')).toBeVisible();
  // The switch shows what the server holds: it turns on once the change is saved, not at the tap.
  await bobRow.getByLabel('Can see all orders').click();
  await expect(page.getByText('Bob Buyer now sees all of the company’s orders')).toBeVisible();
  await expect(bobRow.getByLabel('Can see all orders')).toBeChecked();

  await bobRow.getByRole('button', { name: 'Remove Bob Buyer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Bob Buyer?' });
  await confirm.getByRole('button', { name: 'Remove from the company' }).click();
  await expect(confirm).toBeHidden();
  await expect(bobRow).toHaveCount(0);

  // Bob keeps his account, with a company of his own again.
  await bob.goto('/dashboard/my-company');
  await expect(bob.getByText('You are this company’s admin.')).toBeVisible();
  await expect(bob.getByLabel('Company name')).toHaveValue('Bob Buyer');
  await bobContext.close();
});
