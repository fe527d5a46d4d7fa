// Screens that are not prerendered paint a frame of their own from the HTML (docs/architecture.md, "Screen
// frames"): a dashboard screen its layout and title, a sign-in screen its card's title and introduction, the
// purchase page the tool's picture and name, which the server fills in. The app's first render then draws the screen with them in the same place. These
// journeys are first visits, with no service worker in between.

import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

/** The app's scripts (all but the page's boot script) wait until `release` is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!paint-first-)[^/]+\.js$/u, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not on the page');
  return rect;
};

/** The layout shifts the page has had, summed as CLS counts them. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the purchase page shows the tool's picture and name; a dashboard screen its title", async ({ page, createProduct }) => {
    const product = await createProduct({ name: 'Framed <Drill> & "Co"' });
    await page.goto(`/products/${product._id}`);
    const picture = page.getByRole('img', { name: product.name });
    await expect(picture).toHaveAttribute('src', product.imageUrl);
    await expect(picture).toHaveAttribute('srcset', new RegExp(`${product.imageUrl.replace(/\.webp$/u, '')}-320w\\.webp 320w`, 'u'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByRole('status')).toHaveText('Loading the tool');

    await page.goto('/dashboard/my-orders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/dashboard/manage-products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Products');
    // Paying an order names the order in its title: its frame has the dashboard and a loading indicator.
    await page.goto('/dashboard/payment/0b6f2c1e-5d0a-4c0e-9d7a-1f2e3d4c5b6a');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('Loading');
    // The sign-in screens: their card's title and introduction, without the form, which needs the app.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    await expect(page.getByText('Sign in to order tools in bulk, pay and follow your orders.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await page.goto('/register?redirect=%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');
  });
});

test("a visitor sees the sign-in screens' title and introduction stay where the app draws its form under them", async ({ page }) => {
  for (const [path, title, field] of [
    ['/login', 'Login', 'Password'],
    ['/register', 'Register', 'Name'],
  ] as const) {
    const release = await holdAppScripts(page);
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const framed = await box(heading);
    await expect(page.getByLabel(field, { exact: true })).toHaveCount(0);
    release();
    await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    expect(await box(heading), path).toEqual(framed);
    expect(await layoutShift(page), path).toBe(0);
    await page.unrouteAll();
  }
});

test("a signed-in dealer sees the frame's picture, title and the pad's intro stay where the app draws them", async ({ page, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Frame Dealer' });
  const product = await createProduct({ name: 'Framed Grinder' });
  await signIn(page, user);

  for (const [path, target, drawn] of [
    [`/products/${product._id}`, page.getByRole('img', { name: product.name }), page.getByRole('heading', { name: 'Place your order' })],
    ['/dashboard/my-orders', page.getByRole('heading', { level: 1, name: 'My Orders' }), page.getByText('You have no order to show')],
    // The pad's frame has the quick-entry line's title and how to use it, the largest text of the screen.
    ['/dashboard/order-pad', page.getByText(/^Type part of its name or its SKU/u), page.getByRole('combobox', { name: 'Tool', exact: true })],
  ] as const) {
    const release = await holdAppScripts(page);
    await page.goto(path);
    await expect(target).toBeVisible();
    const framed = await box(target);
    await expect(drawn).toHaveCount(0);
    release();
    await expect(drawn).toBeVisible();
    expect(await box(target), path).toEqual(framed);
    expect(await layoutShift(page), path).toBe(0);
    await page.unrouteAll();
  }
});

test("from a card, the purchase page shows the tool's picture and name while the tool loads", async ({ page, createUser, createProduct }) => {
  const user = await createUser();
  const product = await createProduct({ name: 'Preview Saw' });
  await signIn(page, user);
  await page.goto('/');
  await page.getByLabel('Search tools').fill(product.name);
  const card = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(card).toHaveCount(1);

  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/products/${product._id}`, async (route) => {
    await released;
    await route.continue();
  });
  await card.getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product._id}$`, 'u'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole('img', { name: product.name })).toHaveAttribute('src', product.imageUrl);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the tool' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Place your order' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Place your order' })).toBeVisible();
  await expect(page.getByText(`${product.availableQnt} pcs.`)).toBeVisible();
});

test.describe('on a tablet', () => {
  test.use({ hasTouch: true });

  test("a dealer's tap on the frame's Dashboard menu, or Enter on it, opens the drawer once the app is there", async ({ page, createUser }) => {
    // The navbar's Logout (which signIn waits for) is in its collapsed menu below lg: sign in first.
    await signIn(page, await createUser());
    await page.setViewportSize({ width: 820, height: 1000 });
    const menuButton = page.getByRole('button', { name: 'Dashboard menu', exact: true });
    const drawer = page.getByRole('navigation', { name: 'Dashboard' });

    let release = await holdAppScripts(page);
    await page.goto('/dashboard/my-orders');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(page.getByText('You have no order to show')).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await page.unrouteAll();

    // From the keyboard: the focus the frame's button had goes to the app's, and Enter opens the drawer on the current item.
    release = await holdAppScripts(page);
    await page.goto('/dashboard/my-orders');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByText('You have no order to show')).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'My Orders' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await page.unrouteAll();
  });
});
