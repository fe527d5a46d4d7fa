// The home page's six sections (the spec) against the seeded catalogue and reviews.

import type { Page } from '@playwright/test';
import { DESCRIPTION_CUT } from '../src/contract/constants';
import { CATALOGUE_PAGE_SIZE, type ProductPage } from '../src/contract/product';
import type { Review } from '../src/contract/review';
import { expect, test } from './fixtures';

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
}

test('the six sections come in the spec order, under one h1', async ({ page }) => {
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Tools');
  const sections = await page.locator('main section').evaluateAll((list) => list.map((s) => s.querySelector('h1, h2')?.textContent?.trim()));
  expect(sections.filter(Boolean)).toEqual(['Find Your Tools', 'About Us', 'Why Choose Us', 'Our Tools', 'Our Business in Numbers', 'Client Reviews']);
});

test('Our Tools jumps to the tools section, Learn More to the business summary', async ({ page }) => {
  await openHome(page);
  await page.getByRole('link', { name: 'Our Tools' }).click();
  await expect(page).toHaveURL(/#tools$/u);
  await expect(page.getByRole('heading', { level: 2, name: 'Our Tools' })).toBeInViewport();

  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/#summary$/u);
  await expect(page.getByRole('heading', { level: 2, name: 'Our Business in Numbers' })).toBeInViewport();
});

/** Holds home's first page of tools until `release` is called, so the cards arrive when the journey says. */
async function holdFirstCards(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/products' && url.searchParams.has('page'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** Waits until the page has stopped scrolling (the browser's smooth scroll has ended). */
async function scrollSettled(page: Page): Promise<void> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
}

const summaryHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Our Business in Numbers' });

test('Learn More lands on the figures when the cards above them arrive after the jump, without scroll anchoring', async ({ page }) => {
  const release = await holdFirstCards(page);
  await page.goto('/');
  // As Safari on an iPad, which keeps no element in place when the content above it grows.
  await page.addStyleTag({ content: 'html, body { overflow-anchor: none; }' });
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(summaryHeading(page)).toBeInViewport();
  await scrollSettled(page);
  release();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeAttached();
  await expect(summaryHeading(page)).toBeInViewport();
  await page.waitForTimeout(1_000);
  await expect(summaryHeading(page)).toBeInViewport();
});

test('a dealer who scrolls on their own after Learn More stays where they scrolled when the cards arrive', async ({ page }) => {
  const release = await holdFirstCards(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(summaryHeading(page)).toBeInViewport();
  // The jump's smooth scroll has ended: the dealer's own scroll comes after it, not in the middle of it.
  await scrollSettled(page);
  await page.keyboard.press('Home');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  release();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeAttached();
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('About Us has its blurb and a sized, lazily loaded picture', async ({ page }) => {
  await openHome(page);
  const about = page.locator('section#about');
  await expect(about.getByRole('heading', { level: 2, name: 'About Us' })).toBeVisible();
  await expect(about.getByText('official maker of Forgeline power tools')).toBeVisible();
  const picture = about.getByRole('img');
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('width', '1200');
  await expect(picture).toHaveAttribute('height', '900');
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/u);
});

test('Why Choose Us shows the six boxes, each with an icon and a line', async ({ page }) => {
  await openHome(page);
  const boxes = page.locator('section#why-choose-us li');
  await expect(boxes.getByRole('heading', { level: 3 })).toHaveText([
    'Official Manufacturer',
    'High Quality',
    'Modern Technology',
    'Personal Shipment',
    'World Wide Branches',
    '24/7 Support',
  ]);
  for (const box of await boxes.all()) {
    await expect(box.locator('svg')).toHaveCount(1);
    expect((await box.locator('p').textContent())?.length).toBeGreaterThan(30);
  }
});

test('tool cards show the first page of products with the description cut to 150 characters and an Order Now link', async ({ page }) => {
  // The page the page itself received: journeys running alongside add and remove products of their own.
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/products' && res.request().method() === 'GET');
  await openHome(page);
  const { items: products, total } = (await (await answered).json()) as ProductPage;
  expect(products.length).toBeGreaterThan(0);
  expect(products.length).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE);
  const cards = page.locator('section#tools li').filter({ has: page.getByRole('link', { name: 'Order Now' }) });
  await expect(cards).toHaveCount(products.length);
  await expect(page.getByTestId('tools-count')).toHaveText(`Showing ${products.length} of ${total.toLocaleString('en-US')} tools`);
  for (const product of products) {
    const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: product.name, exact: true }) });
    const shown = await card.getByTestId('product-description').textContent();
    const chars = Array.from(product.description);
    expect(shown).toBe(chars.length > DESCRIPTION_CUT ? `${chars.slice(0, DESCRIPTION_CUT).join('')}...` : product.description);
    await expect(card.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', `/products/${product._id}`);
    const img = card.getByRole('img', { name: product.name });
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', /\d+/u);
    await expect(img).toHaveAttribute('height', /\d+/u);
  }
  // At least one seeded description is long enough to be cut, so the rule is really exercised.
  expect(products.some((p) => Array.from(p.description).length > DESCRIPTION_CUT)).toBe(true);
});

test('a spinner shows while the tools load', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/products',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/');
  await expect(page.locator('section#tools').getByRole('status')).toHaveText('Loading tools');
  await expect(page.getByRole('link', { name: 'Order Now' })).toHaveCount(0);
  release();
  await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
  await expect(page.locator('section#tools').getByRole('status')).toHaveCount(0);
});

test('Order Now sends a signed-out visitor to login, remembering the product', async ({ page }) => {
  await openHome(page);
  const link = page.getByRole('link', { name: 'Order Now' }).first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(/\/login\?/u);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(href);
});

test('the business summary shows the four figures of the spec', async ({ page }) => {
  await openHome(page);
  const summary = page.locator('section#summary');
  const figures = await summary
    .locator('dl > div')
    .evaluateAll((rows) => rows.map((row) => ({ value: row.querySelector('dd')?.firstChild?.textContent, label: row.querySelector('dt')?.textContent })));
  expect(figures).toEqual([
    { value: '10', label: 'Years of production' },
    { value: '70', label: 'Exported countries' },
    { value: '60', label: 'Long-term partners' },
    { value: '300', label: 'Positive reviews' },
  ]);
});

test('client reviews show the name, the stars by the spec rule and the text of each review', async ({ page, request }) => {
  const reviews = (await (await request.get('/api/reviews')).json()) as Review[];
  expect(reviews.length).toBeGreaterThan(1);
  await openHome(page);
  const carousel = page.getByRole('region', { name: 'Dealer reviews' });
  await carousel.getByRole('button', { name: 'Stop automatic slide show' }).click();
  for (const [i, review] of reviews.entries()) {
    await carousel.getByRole('button', { name: `Show review ${i + 1} of ${reviews.length}` }).click();
    const slide = carousel.locator('[aria-roledescription="slide"][data-active="true"]');
    await expect(slide).toContainText(review.userName);
    await expect(slide).toContainText(review.review);
    const stars = ['1', '2', '3', '4'].includes(review.rating) ? review.rating : '5';
    await expect(slide.getByRole('img', { name: `Rated ${stars} out of 5` })).toBeVisible();
  }
});

test('an empty review list shows a friendly line instead of an empty box', async ({ page }) => {
  await page.route('**/api/reviews', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/');
  const section = page.locator('section#reviews');
  await expect(section.getByText('No reviews yet.')).toBeVisible();
  await expect(section.getByRole('region', { name: 'Dealer reviews' })).toHaveCount(0);
});

for (const width of [375, 768, 1024, 1440]) {
  test(`no horizontal scrolling on the home page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHome(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
}
