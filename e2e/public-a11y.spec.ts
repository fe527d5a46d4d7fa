// Accessibility of every public page: an axe-core scan with zero violations (signed out, signed in,
// phone with the menu open), headings in order under one h1, touch targets of at least 44 px and a
// visible keyboard focus.

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { expectNoViolations } from './screen-helpers';

const PAGES = ['/', '/blogs', '/portfolio', '/no-such-page'];

/** Waits until a page's data has arrived, so the scan sees the finished screen. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (path === '/') {
    await expect(page.getByRole('link', { name: 'Order Now' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dealer reviews' })).toBeVisible();
    // The carousel holds still so the scan does not race a slide change.
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
  }
}

for (const path of PAGES) {
  test(`axe finds nothing on ${path}, on a desktop and on a phone`, async ({ page }) => {
    // Three full axe scans of the home page take most of a minute on a slow 2-core machine.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, path);
    await expectNoViolations(page, `${path} desktop`);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoViolations(page, `${path} phone`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu', exact: true }).click();
    await expectNoViolations(page, `${path} phone, menu open`);
  });

  test(`${path} has one h1 and headings that never skip a level`, async ({ page }) => {
    await open(page, path);
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading ${i} of ${path}`).toBeLessThanOrEqual(1);
    });
  });

  test(`${path} on a phone: every control is at least 44 px and nothing scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, path);
    const small = await page.locator('a[href], button').evaluateAll((controls) =>
      controls
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
          // WCAG 2.5.5 exempts links inside a sentence; those sit in a paragraph with other text.
          const paragraph = el.closest('p');
          return !(paragraph && paragraph.textContent?.trim() !== el.textContent?.trim());
        })
        .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), ...el.getBoundingClientRect().toJSON() }))
        .filter((box: { width: number; height: number }) => box.width < 44 || box.height < 44)
        .map((box: { name: string; width: number; height: number }) => `${box.name}: ${Math.round(box.width)} x ${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
}

test('keyboard focus is always visible on the home page', async ({ page }) => {
  await open(page, '/');
  await page.locator('body').focus();
  const seen = new Set<string>();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
        outline: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    });
    if (!focus) continue;
    seen.add(focus.name);
    expect(focus.outline, focus.name).not.toBe('none');
    expect(focus.width, focus.name).toBeGreaterThanOrEqual(2);
  }
  expect(seen.size).toBeGreaterThan(20);
});

test('axe finds nothing on the signed-in home page', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Axel Signedin' });
  await signIn(page, user);
  await open(page, '/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoViolations(page, 'home signed in');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu', exact: true }).click();
  await expectNoViolations(page, 'home signed in, phone, menu open');
});
