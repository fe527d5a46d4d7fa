// The public pages come prerendered (docs/architecture.md, "Prerendered public pages"): their text paints
// without any script, the browser then hydrates the same tree without a mismatch, and a path no route
// knows is a real 404.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Page errors and console errors, which include React's hydration mismatch (#418 in the production build). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, Blogs and Portfolio show their text and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Tools' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Why Choose Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blogs' }).first()).toHaveAttribute('href', '/blogs');

    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(5);

    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the CSS inlined in each page styles it exactly as the whole stylesheet does', async ({ page }) => {
    test.setTimeout(240_000);
    // Every element's computed style, with ::before and ::after, as text per element.
    const styles = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')].map((element) => {
          const parts: string[] = [element.tagName];
          for (const pseudo of [null, '::before', '::after']) {
            const computed = getComputedStyle(element, pseudo);
            for (let i = 0; i < computed.length; i += 1) {
              const property = computed.item(i);
              parts.push(`${pseudo ?? ''}${property}:${computed.getPropertyValue(property)}`);
            }
          }
          return parts.join(';');
        }),
      );
    // A purchase page's frame (docs/architecture.md, "Screen frames") needs a tool with a picture the server stores.
    const tools = (await (await page.request.get('/api/products?page=1&pageSize=24')).json()) as { items: { _id: string; imageUrl: string }[] };
    const framed = tools.items.find((tool) => tool.imageUrl.startsWith('/uploads/'));
    if (!framed) throw new Error('no seeded tool with an uploaded picture');
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/blogs', '/portfolio', '/nothing-here', '/login', '/dashboard/my-orders', `/products/${framed._id}`]) {
        // Without JavaScript the <noscript> link loads the whole stylesheet; blocked, the inlined part is alone.
        await page.goto(path);
        const whole = await styles();
        await page.route('**/assets/*.css', (route) => route.abort());
        await page.goto(path);
        const critical = await styles();
        await page.unroute('**/assets/*.css');
        expect(critical.length, path).toBe(whole.length);
        const differing = critical.flatMap((style, i) => {
          if (style === whole[i]) return [];
          const a = new Set(style.split(';'));
          return [
            `${path} at ${width}, element ${i}: ${(whole[i] ?? '')
              .split(';')
              .filter((p) => !a.has(p))
              .slice(0, 3)
              .join(' ')}`,
          ];
        });
        expect(differing.slice(0, 5), `${path} at ${width}`).toEqual([]);
      }
    }
  });

  test('a screen that is not prerendered paints the frame (brand and a loading indicator) before any script', async ({ page }) => {
    for (const path of ['/login', '/dashboard/my-orders']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Forgeline home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('status')).toHaveText('Loading');
    }
  });
});

test('the app replaces the frame with its screen: one bar, one main, nothing left of the frame', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.locator('main#main')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading$/u })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the prerendered pages hydrate without a mismatch, then work as the app', async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of ['/', '/blogs', '/portfolio']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/');
  // The catalogue fills in after hydration.
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
  // A link now navigates in the page: the hydrated router handles it without a new document.
  const marker = await page.evaluate(() => ((window as unknown as { hydratedMarker: number }).hydratedMarker = Math.random()));
  await page.getByRole('navigation').getByRole('link', { name: 'Blogs' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hydratedMarker?: number }).hydratedMarker)).toBe(marker);
  expect(errors).toEqual([]);
});

test.describe('on a tablet', () => {
  test.use({ hasTouch: true, viewport: { width: 820, height: 1000 } });

  test('a tap on Menu before the app has started opens the menu once it has', async ({ page }) => {
    // The app's scripts (all but the page's boot script) wait until the tap has been made on the static page.
    let release: () => void = () => undefined;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?!paint-first-)[^/]+\.js$/u, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto('/');
    const menuButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await menuButton.getAttribute('aria-controls')}`).getByRole('link', { name: 'Blogs' })).toBeVisible();
  });
});

test('a signed-in dealer opening home sees their own navbar after hydration, without errors', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Prerender Dealer' });
  await signIn(page, user);
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a path no route knows answers 404 with the not-found page; client routes still open', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /Page Not Found/u })).toBeVisible();
  await page.getByRole('link', { name: /home/iu }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Tools' })).toBeVisible();

  const login = await page.goto('/login');
  expect(login?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});
