// Signing in and out, the wrong-password message, returning to the protected page, an expired
// token, and Google's error path (the real Google round trip needs apis.google.com).

import { expect, signIn, test } from './fixtures';

test('a dealer signs in, sees their name, and signs out to the login page', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Sam Signin' });
  await signIn(page, user);
  await expect(page).toHaveURL(/\/$/u);
  await expect(page.getByTestId('nav-user')).toContainText('Sam Signin');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/u);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  // The service worker's copy goes too.
  const copy = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('forgeline-auth', 1);
        open.onsuccess = () => {
          const get = open.result.transaction('tokens').objectStore('tokens').get('accessToken');
          get.onsuccess = () => resolve(get.result ?? null);
        };
      }),
  );
  expect(copy).toBeNull();

  // Signed out for real: the dashboard is closed again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/u);
});

test('a link followed as soon as the session shows is where the dealer goes, not back home', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Quick Clicker' });
  // The profile read before the login page moves on is held: the top bar offers Dashboard meanwhile.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/users/'),
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/u);
});

test('the access token is mirrored to IndexedDB for the service worker', async ({ page, createUser }) => {
  const user = await createUser();
  await signIn(page, user);
  const [stored, copy] = await page.evaluate(async () => {
    const value = await new Promise<unknown>((resolve) => {
      const open = indexedDB.open('forgeline-auth', 1);
      open.onsuccess = () => {
        const get = open.result.transaction('tokens').objectStore('tokens').get('accessToken');
        get.onsuccess = () => resolve(get.result ?? null);
      };
    });
    return [localStorage.getItem('accessToken'), value];
  });
  expect(stored).toBeTruthy();
  expect(copy).toBe(stored);
});

test('a wrong password is explained in plain words under the password field', async ({ page, createUser }) => {
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const message = page.getByTestId('auth-error');
  await expect(message).toHaveText('The e-mail or password is wrong. Please try again.');
  await expect(message).toHaveClass(/text-sm/u);
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-describedby', /.+/u);
  // The form is back, with the e-mail kept, and nobody is signed in.
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('the login form asks for both fields and focuses the first empty one', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('a protected page sends a visitor to sign in and back again, replacing the login entry', async ({ page, createUser }) => {
  const user = await createUser();
  await page.goto('/blogs');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/u);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/blogs$/u);
});

test('a login link cannot send the user to another site after signing in', async ({ page, createUser }) => {
  const user = await createUser();
  await page.goto('/login?redirect=%2F%2Fevil.example.com%2Fphish');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? page.url()).host);
  await expect(page).toHaveURL(/\/$/u);
});

test('a refused access token signs the user out and sends them to log in, remembering the page', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Ezra Expired' });
  await signIn(page, user);
  await page.evaluate(() => localStorage.setItem('accessToken', 'garbage.token.value'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/u);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // Signing in again returns to the page, with a working token.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
});

test('Google sign-in that cannot reach Google says so in plain words', async ({ page }) => {
  // No popups (as a blocker would), and Google's script host unreachable, as on an offline counter tablet.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.route(/apis\.google\.com|accounts\.google\.com|firebaseapp\.com/u, (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const message = page.getByTestId('auth-error');
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message).toHaveText('Google sign-in could not be reached. Check your connection, or log in with e-mail and password.');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
