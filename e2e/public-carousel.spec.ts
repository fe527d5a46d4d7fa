// The client reviews carousel (the spec) under Playwright's fake clock: it advances
// every 5000 ms, wraps, pauses on hover and keyboard focus, answers arrow keys and swipes over 40 px,
// respects prefers-reduced-motion and announces only the changes the visitor makes.

import type { Locator, Page } from '@playwright/test';
import { CAROUSEL_INTERVAL_MS } from '../src/config/ui';
import type { Review } from '../src/contract/review';
import { expect, test } from './fixtures';

let reviews: Review[] = [];

test.beforeEach(async ({ request }) => {
  reviews = (await (await request.get('/api/reviews')).json()) as Review[];
  expect(reviews.length).toBeGreaterThanOrEqual(3);
});

/**
 * Opens the home page under the fake clock, then freezes time. The page needs running timers to
 * load (TanStack Query notifies through setTimeout); once the reviews show, time moves only through
 * runFor. Resting the pointer on the carousel and taking it away restarts the slide timer at the
 * frozen instant, so every interval below is exact.
 */
async function openCarousel(page: Page): Promise<Locator> {
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Dealer reviews' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(activeSlide(carousel)).toBeVisible();
  // Hovered, the carousel holds still while the clock jumps a little ahead and stops there.
  await activeSlide(carousel).hover();
  await expectShowing(carousel, 0);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await page.mouse.move(1, 1);
  return carousel;
}

const activeSlide = (carousel: Locator) => carousel.locator('[aria-roledescription="slide"][data-active="true"]');

async function expectShowing(carousel: Locator, index: number) {
  const review = reviews[index];
  if (!review) throw new Error(`no review at ${index}`);
  await expect(activeSlide(carousel)).toHaveAttribute('aria-label', `${index + 1} of ${reviews.length}`);
  await expect(activeSlide(carousel)).toContainText(review.userName);
}

const liveRegion = (carousel: Locator) => carousel.locator('[aria-live]');

test('advances every 5000 ms and wraps from the last review to the first, without announcing it', async ({ page }) => {
  const carousel = await openCarousel(page);
  await expectShowing(carousel, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS - 500);
  await expectShowing(carousel, 0);
  await page.clock.runFor(500);
  await expectShowing(carousel, 1);
  await expect(liveRegion(carousel)).toHaveAttribute('aria-live', 'polite');
  await expect(liveRegion(carousel)).toHaveText('');
  for (let i = 2; i < reviews.length; i += 1) {
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectShowing(carousel, i);
  }
  await page.clock.runFor(CAROUSEL_INTERVAL_MS);
  await expectShowing(carousel, 0);
  // Only the active slide is exposed to assistive technology.
  await expect(carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(reviews.length - 1);
});

test('pauses while the pointer rests on it and resumes when it leaves', async ({ page }) => {
  const carousel = await openCarousel(page);
  await activeSlide(carousel).hover();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
  await expectShowing(carousel, 0);
  await page.mouse.move(1, 1);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS);
  await expectShowing(carousel, 1);
});

test('pauses while keyboard focus is inside, moves with the arrow keys, and announces those moves', async ({ page }) => {
  const carousel = await openCarousel(page);
  await page.getByRole('link', { name: 'Talk to our dealer team' }).focus();
  await page.keyboard.press('Tab');
  await expect(carousel.getByRole('button', { name: 'Stop automatic slide show' })).toBeFocused();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
  await expectShowing(carousel, 0);

  await page.keyboard.press('ArrowRight');
  await expectShowing(carousel, 1);
  const second = reviews[1];
  await expect(liveRegion(carousel)).toContainText(`Review 2 of ${reviews.length}, by ${second?.userName}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectShowing(carousel, reviews.length - 1);
  await page.keyboard.press('Home');
  await expectShowing(carousel, 0);
  await page.keyboard.press('End');
  await expectShowing(carousel, reviews.length - 1);

  // Focus leaves: rotation resumes and wraps round.
  await page.keyboard.press('Shift+Tab');
  await expect(carousel.getByRole('button', { name: 'Stop automatic slide show' })).not.toBeFocused();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS);
  await expectShowing(carousel, 0);
});

test('the buttons and dots move it, and the stop button stops rotation until pressed again', async ({ page }) => {
  const carousel = await openCarousel(page);
  await carousel.getByRole('button', { name: 'Next review' }).click();
  await expectShowing(carousel, 1);
  await carousel.getByRole('button', { name: 'Previous review' }).click();
  await carousel.getByRole('button', { name: 'Previous review' }).click();
  await expectShowing(carousel, reviews.length - 1);
  await carousel.getByRole('button', { name: 'Show review 2 of' }).click();
  await expectShowing(carousel, 1);
  await expect(carousel.getByRole('button', { name: 'Show review 2 of' })).toHaveAttribute('aria-current', 'true');

  await carousel.getByRole('button', { name: 'Stop automatic slide show' }).click();
  await page.mouse.move(1, 1);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
  await expectShowing(carousel, 1);
  await carousel.getByRole('button', { name: 'Start automatic slide show' }).click();
  await page.mouse.move(1, 1);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS);
  await expectShowing(carousel, 2);
});

test('a swipe longer than 40 px moves it; a shorter or vertical one does not', async ({ page }) => {
  const carousel = await openCarousel(page);
  const track = activeSlide(carousel);
  const swipe = async (dx: number, dy = 0) => {
    const box = await track.boundingBox();
    if (!box) throw new Error('slide not laid out');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await track.dispatchEvent('pointerdown', { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y });
    await track.dispatchEvent('pointerup', { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x + dx, clientY: y + dy });
  };
  await swipe(-40);
  await expectShowing(carousel, 0);
  await swipe(-41);
  await expectShowing(carousel, 1);
  await swipe(60);
  await expectShowing(carousel, 0);
  await swipe(60);
  await expectShowing(carousel, reviews.length - 1);
  await swipe(-50, 90);
  await expectShowing(carousel, reviews.length - 1);
});

test.describe('with prefers-reduced-motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('does not rotate on its own, but the visitor can still move it or start rotation', async ({ page }) => {
    const carousel = await openCarousel(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 4);
    await expectShowing(carousel, 0);
    await carousel.getByRole('button', { name: 'Next review' }).click();
    await expectShowing(carousel, 1);
    await carousel.getByRole('button', { name: 'Start automatic slide show' }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectShowing(carousel, 2);
  });
});
