// Price lists, the admin's side (docs/decisions/045-price-lists-and-money.md): an admin makes a list in euros
// at 0.92 euros per dollar with 10 % off, gives one tool a fixed price of its own, and gives the list to a
// dealer's company on the Companies page; the lists, the list's tools and the company show it. Screenshots at
// 390, 820 and 1280 px; axe finds nothing on each screen.

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { priceListMessages } from '../src/contract/price-list';
import { api, expect, orderThroughApi, signIn, test } from './fixtures';
import { expectNoViolations, openCompanyOf, rowOf } from './screen-helpers';

const WIDTHS = [390, 820, 1280] as const;

/** The screen at the three widths the shop is checked at, full page, then back to the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's menu turns into a drawer below lg, and slides while the width changes.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/screens/price-lists-admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an admin makes a euro price list, prices a tool on it and gives it to a company', async ({ page, createUser, createProduct }) => {
  test.setTimeout(360_000);
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const tool = await createProduct({ name: `Price List Journey Drill ${suffix}`, price: 100, availableQnt: 100, minOrderQnt: 1 });
  const dealer = await createUser({ displayName: 'Petra Pricelist', verified: true });
  const admin = await createUser({ displayName: 'Ada Prices', admin: true });
  const company = (await api<{ company: { id: string; name: string } }>('GET', '/company', { token: dealer.token })).body.company;
  const listName = `Euro dealers ${suffix}`;

  // Price Lists: a new list in euros, at 0.92 euros per dollar and 10 % off.
  await signIn(page, admin);
  await page.goto('/dashboard/price-lists');
  await expect(page.getByRole('heading', { name: 'Price Lists', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New price list' }).click();
  const form = page.getByRole('region', { name: 'New price list' });
  await form.getByLabel('Name').fill(listName);
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Rate (EUR per US dollar)').fill('0,92');
  await form.getByLabel('Default % off').fill('10');
  await form.getByRole('button', { name: 'Make price list' }).click();
  // "0,92" is no rate: the field says so and takes the focus.
  await expect(form.getByLabel('Rate (EUR per US dollar)')).toBeFocused();
  await expect(form.getByText(/Enter the rate as units of the currency/u)).toBeVisible();
  await expectNoViolations(page, 'new price list with an error');
  await form.getByLabel('Rate (EUR per US dollar)').fill('0.92');
  await form.getByRole('button', { name: 'Make price list' }).click();

  // The new list opens: its terms, and no tool of its own yet.
  await expect(page.getByRole('heading', { name: listName, level: 2 })).toBeVisible();
  await expect(page.getByText('1 USD = 0.92 EUR')).toBeVisible();
  await expect(page.getByText('No tool has a price of its own yet: every tool is 10 % off.')).toBeVisible();

  // The tool gets a fixed price of €85.00.
  await page.getByRole('button', { name: 'Price a tool' }).click();
  const entry = page.getByRole('region', { name: 'Price a tool' });
  await entry.getByLabel('Find the tool by name or SKU').fill(tool.name);
  await entry.getByRole('button', { name: 'Find', exact: true }).click();
  await entry.getByRole('button', { name: new RegExp(tool.name, 'u') }).click();
  await entry.getByLabel('A fixed price in EUR').check();
  await entry.getByLabel('Fixed price (EUR)').fill('85');
  await expectNoViolations(page, 'price a tool');
  await shoot(page, 'entry-form');
  await entry.getByRole('button', { name: 'Save the tool’s price' }).click();
  await expect(page.getByText(`${tool.name} is priced on the list`)).toBeVisible();
  const priced = rowOf(page, `Tools priced on ${listName}`, tool.name);
  await expect(priced).toContainText('Fixed €85.00');
  await expect(priced).toContainText('$100.00');
  await expectNoViolations(page, 'price list');
  await shoot(page, 'list');
  await priced.getByRole('button', { name: `Remove ${tool.name} from the list` }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this tool from the list?' })).toBeVisible();
  await expectNoViolations(page, 'remove a tool');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The lists: one tool priced, no company yet.
  await page.getByRole('button', { name: '← Back to price lists' }).click();
  const listed = rowOf(page, 'Price lists', listName);
  await expect(listed).toContainText('EUR');
  await expect(listed).toContainText('0.92');
  await expect(listed).toContainText('10 %');

  // Companies: the dealer's company buys with the list from now on.
  await openCompanyOf(page, dealer.email, company.name);
  const priceList = page.getByRole('region', { name: 'Price list', exact: true });
  await priceList.getByLabel('The company’s price list').selectOption({ label: `${listName} (EUR, 10 % off)` });
  // While the dealer has an unpaid order in US dollars, the company cannot change currency: the refusal is said in words.
  const unpaid = await orderThroughApi(dealer, tool, 1);
  expect(unpaid.status).toBe(201);
  await priceList.getByRole('button', { name: 'Save price list' }).click();
  await expect(priceList.getByRole('alert')).toHaveText(priceListMessages.currencyInUse);
  await expectNoViolations(page, 'company price list refused');
  await shoot(page, 'company-refused');
  expect((await api('DELETE', `/orders/${unpaid.body.insertedId}`, { token: dealer.token })).status).toBe(200);
  await priceList.getByRole('button', { name: 'Save price list' }).click();
  await expect(page.getByText(`${company.name} now buys with ${listName}, in EUR`)).toBeVisible();
  await expect(priceList.getByRole('alert')).toHaveCount(0);
  await expect(priceList.getByText('You have unsaved changes.')).toHaveCount(0);
  await expectNoViolations(page, 'company price list');
  await shoot(page, 'company');
  const detail = await api<{ priceList: { name: string; currency: string } | null }>('GET', `/admin/companies/${company.id}`, { token: admin.token });
  expect(detail.body.priceList).toMatchObject({ name: listName, currency: 'EUR' });

  // The lists count the company.
  await page.goto('/dashboard/price-lists');
  await expect(rowOf(page, 'Price lists', listName)).toBeVisible();
  const lists = await api<{ name: string; companies: number; entries: number }[]>('GET', '/admin/price-lists', { token: admin.token });
  expect(lists.body.find((list) => list.name === listName)).toMatchObject({ companies: 1, entries: 1 });
  await expectNoViolations(page, 'price lists');
  await shoot(page, 'lists');
});
