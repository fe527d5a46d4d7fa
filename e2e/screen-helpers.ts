// What several journeys check and read alike: that a page fits its width, screenshots at the three widths,
// an order's row in a list of orders, and the mails the local mail catcher has kept.

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { readCaughtMails, type CaughtMail } from '../server/mail/catcher';

/**
 * How far the page scrolls sideways, in CSS pixels: 0 when everything fits. While a modal dialog is open the
 * page keeps room for its scroll bar, so the page is narrower than the window: that fits too.
 */
export const sideways = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** At a phone's, a tablet's and a desktop's width: the page made ready again (`ready`), nothing wider than the screen, and a screenshot. */
export async function screenshotsAtWidths(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await ready(page);
    expect(await sideways(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * The screen as it stands at a phone's, a tablet's and a desktop's width, full page, nothing wider than the
 * screen, then back to the desktop width: for a state a reload would lose (a toast, a dialog, a form typed in).
 */
export async function shootAsItStands(page: Page, name: string): Promise<void> {
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    expect(await sideways(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Companies, as an admin: finds the dealer's company by the dealer's e-mail, whatever its status, and opens it. */
export async function openCompanyOf(page: Page, dealerEmail: string, companyName: string): Promise<void> {
  await page.goto('/dashboard/companies');
  await page.getByLabel('Status').selectOption('all');
  await page.getByLabel('Search by company or e-mail').fill(dealerEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: `Open ${companyName}` })
    .filter({ visible: true })
    .click();
}

/** The server sends its queue every few seconds; waits for a mail to `to` whose subject matches. */
export async function mailTo(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readCaughtMails(path.join(e2eEnv.dataDir, 'mail'))).find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/**
 * What axe finds on the page once nothing is loading and nothing is fading: a list dimmed while it refreshed
 * (live orders refresh it whenever another dealer orders) and a toast fading in or out read as too faint mid-way.
 */
export async function expectNoViolations(page: Page, label: string, within?: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A toast whose time runs out during the scan fades out under it and reads as too faint: the pointer rests on
  // the toasts while the page is scanned, as a reader's does, and sonner holds them meanwhile.
  const toast = await page.evaluate(() => {
    const rect = document.querySelector('[data-sonner-toast][data-front="true"]:not([data-removed="true"])')?.getBoundingClientRect();
    return rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
  });
  if (toast) await page.mouse.move(toast.x, toast.y);
  // Colours and opacity mid-transition are read as they are at that instant: scan once every transition has ended,
  // and once every toast has come in (sonner starts a toast's transition only after marking it mounted).
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running') &&
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (t) => t.getAttribute('data-mounted') === 'true' && t.getAttribute('data-removed') !== 'true',
      ),
  );
  const axe = new AxeBuilder({ page });
  const results = await (within ? axe.include(within) : axe).analyze();
  if (toast) await page.mouse.move(0, 0);
  expect(
    results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/**
 * A row (or card) of a list captioned so, that has the text (an order's number, a company's name), whichever way
 * the list is drawn when it is used: a table gives way to cards when it does not fit, and is tried again once the
 * fonts have loaded, so the layout can change just after the list appears. A locator, read again at every use.
 */
export function rowOf(page: Page, caption: string, text: string): Locator {
  const rows = page.getByRole('table', { name: caption }).getByRole('row');
  const cards = page.getByRole('list', { name: caption }).getByRole('listitem');
  return rows.or(cards).filter({ hasText: text }).filter({ visible: true }).first();
}
