// Tax, the admin's side (docs/decisions/046-tax-per-ship-to-location.md): an admin adds a 19 % VAT rate for
// Iceland and a rate for one of its regions on the Tax Rates page, changes the region's rate and deletes it;
// then, on the Companies page, exempts a company with a tax number under the reverse charge, and is told why
// one without a tax number cannot be. Screenshots at 390, 768 and 1280 px; axe finds nothing on each screen.
// Iceland is no test company's country, and its rates are deleted at the end: other journeys' orders keep no tax.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { companyMessages } from '../src/contract/dealer-company';
import { toasts } from '../src/contract/messages';
import { formatRate, taxMessages, type TaxRate } from '../src/contract/tax';
import { api, expect, signIn, test, type E2eUser } from './fixtures';
import { expectNoViolations, rowOf, sideways } from './screen-helpers';

const WIDTHS = [390, 768, 1280] as const;
const COUNTRY = 'IS';
/** A rate as the page shows it in the browser's locale. */
const pct = (rateMicros: number) => formatRate(rateMicros, 'en-US');

/** The screen at the three widths the shop is checked at, nothing wider than the screen, full page; then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    expect(await sideways(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: `.tmp/screens/tax-admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Iceland's rates, deleted through the API: before, in case a run stopped half-way, and after. */
async function clearRates(adminToken: string): Promise<void> {
  const rates = await api<{ items: TaxRate[] }>('GET', '/tax-rates', { token: adminToken });
  for (const rate of rates.body.items.filter((item) => item.country === COUNTRY)) {
    await api('DELETE', `/tax-rates/${rate.id}`, { token: adminToken });
  }
}

/** The company's terms on its detail, opened from the Companies page by its dealer's e-mail. */
async function openCompany(page: Page, dealer: E2eUser, name: string) {
  await page.goto('/dashboard/companies');
  await page.getByLabel('Status').selectOption('all');
  await page.getByLabel('Search by company or e-mail').fill(dealer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: `Open ${name}` })
    .filter({ visible: true })
    .click();
  return page.getByRole('region', { name: 'Payment terms', exact: true });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an admin keeps the tax rates and exempts a company under the reverse charge', async ({ page, createUser, adminToken }) => {
  test.setTimeout(360_000);
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const admin = await createUser({ displayName: 'Tess Taxes', admin: true });
  const numbered = await createUser({ displayName: 'Nora Numbered', verified: true });
  const unnumbered = await createUser({ displayName: 'Uma Unnumbered', verified: true });
  const withNumber = `Numbered Tools ${suffix}`;
  const withoutNumber = `Unnumbered Tools ${suffix}`;
  expect((await api('PATCH', '/company', { token: numbered.token, body: { name: withNumber, taxNumber: `IS ${suffix}` } })).status).toBe(200);
  expect((await api('PATCH', '/company', { token: unnumbered.token, body: { name: withoutNumber, taxNumber: null } })).status).toBe(200);
  await clearRates(adminToken);

  try {
    // Tax Rates, from the dashboard's menu: none for Iceland yet.
    await signIn(page, admin);
    await page.goto('/dashboard/price-lists');
    await page.getByRole('link', { name: 'Tax Rates' }).filter({ visible: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Tax Rates', level: 1 })).toBeVisible();

    // A rate typed wrongly is refused on its field, in the admin's words; then 19 % VAT for the whole country.
    await page.getByRole('button', { name: 'New tax rate' }).click();
    let form = page.getByRole('region', { name: 'New tax rate' });
    await form.getByLabel('Country').selectOption(COUNTRY);
    await form.getByLabel('Name', { exact: true }).fill('VAT');
    await form.getByLabel('Rate', { exact: true }).fill('nineteen');
    await form.getByRole('button', { name: 'Add tax rate' }).click();
    await expect(form.getByText(taxMessages.rateInvalid)).toBeVisible();
    await expect(form.getByLabel('Rate', { exact: true })).toBeFocused();
    await expectNoViolations(page, 'new tax rate with an error');
    await shoot(page, 'form-error');
    await form.getByLabel('Rate', { exact: true }).fill('19');
    await form.getByRole('button', { name: 'Add tax rate' }).click();
    await expect(page.getByText('The VAT rate is added')).toBeVisible();
    const country = rowOf(page, 'Tax rates', 'Iceland');
    await expect(country).toContainText('Whole country');
    await expect(country).toContainText(pct(190_000));

    // The same place again: the server's refusal is said above the buttons.
    await page.getByRole('button', { name: 'New tax rate' }).click();
    form = page.getByRole('region', { name: 'New tax rate' });
    await form.getByLabel('Country').selectOption(COUNTRY);
    await form.getByLabel('Name', { exact: true }).fill('VAT');
    await form.getByLabel('Rate', { exact: true }).fill('20');
    await form.getByRole('button', { name: 'Add tax rate' }).click();
    await expect(form.getByRole('alert')).toHaveText(taxMessages.duplicate);

    // A region of its own, typed in small letters: kept in capitals, its rate beside the country's.
    await form.getByLabel('State or region').fill('1x!');
    await form.getByRole('button', { name: 'Add tax rate' }).click();
    await expect(form.getByText(companyMessages.regionCharacters)).toBeVisible();
    await form.getByLabel('State or region').fill('1');
    await form.getByLabel('Rate', { exact: true }).fill('8.875');
    await form.getByRole('button', { name: 'Add tax rate' }).click();
    await expect(page.getByRole('region', { name: 'New tax rate' })).toHaveCount(0);
    const region = rowOf(page, 'Tax rates', pct(88_750));
    await expect(region).toContainText('Iceland');
    await expectNoViolations(page, 'tax rates');
    await shoot(page, 'rates');

    // The region's rate changes to 11 %.
    await region.getByRole('button', { name: 'Change the rate of Iceland, 1' }).click();
    form = page.getByRole('region', { name: 'Change the tax rate' });
    await expect(form.getByLabel('Rate', { exact: true })).toHaveValue('8.875');
    await form.getByLabel('Rate', { exact: true }).fill('11');
    await form.getByRole('button', { name: 'Save tax rate' }).click();
    await expect(page.getByText('The VAT rate is saved')).toBeVisible();
    await expect(rowOf(page, 'Tax rates', pct(110_000))).toContainText('Iceland');
    const rates = await api<{ items: TaxRate[] }>('GET', '/tax-rates', { token: adminToken });
    expect(rates.body.items.filter((rate) => rate.country === COUNTRY).map((rate) => [rate.region, rate.rateMicros])).toEqual([
      ['', 190_000],
      ['1', 110_000],
    ]);

    // And is deleted, after the confirmation: the country's rate stays.
    await rowOf(page, 'Tax rates', pct(110_000)).getByRole('button', { name: 'Delete the rate of Iceland, 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this tax rate?' });
    await expect(confirm).toContainText('taxed at the country’s rate');
    await expectNoViolations(page, 'delete a tax rate');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('The VAT rate of Iceland, 1 is deleted')).toBeVisible();
    await expect(page.getByText(pct(110_000), { exact: true })).toHaveCount(0);
    await expect(rowOf(page, 'Tax rates', 'Iceland')).toContainText(pct(190_000));

    // A company without a tax number cannot be exempt: the terms say why, under the box.
    let terms = await openCompany(page, unnumbered, withoutNumber);
    await expect(page.getByText('The rate of the place each order ships to')).toBeVisible();
    await terms.getByLabel('Exempt under the reverse charge').check();
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expect(terms.getByText(taxMessages.exemptNeedsTaxNumber)).toBeVisible();
    await expect(terms.getByLabel('Exempt under the reverse charge')).toHaveAttribute('aria-invalid', 'true');
    // With the toast every refusal shows; its code loads with it on this freshly opened page, after the form's message.
    await expect(page.getByText(toasts.tryAgain)).toBeVisible();
    await expectNoViolations(page, 'exemption refused');
    await shoot(page, 'exemption-refused');

    // One with its tax number is.
    terms = await openCompany(page, numbered, withNumber);
    await expect(terms.getByText(`with its tax number IS ${suffix}`)).toBeVisible();
    await terms.getByLabel('Exempt under the reverse charge').check();
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByText(`${withNumber} now pays by card`)).toBeVisible();
    await expect(page.locator('dd', { hasText: 'Exempt under the reverse charge' })).toBeVisible();
    await expect(terms.getByText('You have unsaved changes.')).toHaveCount(0);
    await expectNoViolations(page, 'company exempt');
    await shoot(page, 'company-exempt');
    const company = (await api<{ company: { id: string; taxExempt?: boolean } }>('GET', '/company', { token: numbered.token })).body.company;
    expect(company.taxExempt).toBe(true);
    // Its dealer cannot remove the number the exemption stands on.
    const cleared = await api<{ error: { message: string } }>('PATCH', '/company', { token: numbered.token, body: { taxNumber: null } });
    expect(cleared.status).toBe(400);
  } finally {
    await clearRates(adminToken);
  }
});
