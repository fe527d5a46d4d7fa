// Tax at the counter (docs/decisions/046-tax-per-ship-to-location.md): a dealer whose branch is in a country
// the shop taxes sees the pad's net, the tax line and the gross for that branch, offline too, places it on
// account, and the gross is what the order totals and what its credit counts. The same company exempt under
// the reverse charge pays no tax, and the pad says why.

import { randomUUID } from 'node:crypto';
import { api, expect, signIn, test } from './fixtures';
import { waitForPersistedQuery } from './offline-helpers';
import { expectNoViolations } from './screen-helpers';

type Ordered = { _id: string; status: string; totalMinor: number; taxMinor: number; taxRateMicros: number; taxName: string | null; reverseCharge: boolean };

const dollars = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

test('a dealer’s branch in a taxed country: the pad shows net, VAT and total, offline too, and the order and the credit count the gross', async ({
  page,
  context,
  adminToken,
  createUser,
  createProduct,
}) => {
  // A region of its own, so no other journey's rate applies here: Luxembourg's canton of Clervaux.
  const region = `C${randomUUID()
    .replace(/[^0-9]/gu, '')
    .slice(0, 2)}`;
  const rate = await api<{ id: string }>('POST', '/tax-rates', { token: adminToken, body: { country: 'LU', region, name: 'VAT', rate: '17' } });
  expect(rate.status, JSON.stringify(rate.body)).toBe(201);
  const drill = await createProduct({ name: `Tax Pad Drill ${region}`, price: 120, availableQnt: 100, minOrderQnt: 5 });
  const dealer = await createUser({ displayName: 'Lena Lux' });
  const company = (await api<{ company: { id: string } }>('GET', '/company', { token: dealer.token })).body.company.id;
  try {
    expect((await api('PATCH', '/company', { token: dealer.token, body: { country: 'LU', taxNumber: 'LU 1234 5678' } })).status).toBe(200);
    const branch = await api('POST', '/company/locations', {
      token: dealer.token,
      body: { name: 'Clervaux depot', address: '2 Grand-Rue, 9710 Clervaux', phone: '+352 92 00 00', contactName: 'Lena Lux', country: 'LU', region },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const terms = await api('PUT', `/admin/companies/${company}/terms`, {
      token: adminToken,
      body: { paymentTerms: 'net30', creditLimit: 500_000, poRequired: false },
    });
    expect(terms.status, JSON.stringify(terms.body)).toBe(200);

    // 5 × $120 = $600.00 net; 17 % is $102.00; $702.00 in all.
    await signIn(page, dealer);
    // The purchase page shows the same figures for its five pieces to the default branch.
    await page.goto(`/products/${drill._id}`);
    await expect(page.getByTestId('order-totals')).toContainText(`VAT 17%${dollars(10_200)}`);
    await expect(page.getByTestId('order-totals')).toContainText(`Total${dollars(70_200)}`);
    await page.getByRole('button', { name: 'Add to order' }).click();
    // The line is written on the device before the page is left (leaving at once would abort the write).
    await expect(page.getByText(/added to your order pad\./u)).toBeVisible();
    await page.goto('/dashboard/order-pad');
    const totals = page.getByTestId('order-totals');
    await expect(totals).toContainText(`Net${dollars(60_000)}`);
    await expect(totals).toContainText(`VAT 17%${dollars(10_200)}`);
    await expect(totals).toContainText(`Total${dollars(70_200)}`);
    await expectNoViolations(page, 'the order pad with tax');
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByTestId('order-totals')).toContainText(`Total${dollars(70_200)}`);
      await page.screenshot({ path: `.tmp/screens/tax-pad-${width}.png`, fullPage: true });
    }

    // Offline the pad works the same arithmetic from the branch's rate it keeps; the order waits with its gross.
    await waitForPersistedQuery(page, 'company');
    await waitForPersistedQuery(page, 'orders');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('order-totals')).toContainText(`Total${dollars(70_200)}`);
    await expect(page.getByRole('radio', { name: 'On account (Net 30)' })).toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Saved offline. It will be sent when you are back online.')).toBeVisible();
    await expect(page.getByTestId('queued-orders').getByTestId('order-totals').filter({ visible: true })).toContainText(`Total${dollars(70_200)}`);

    await context.setOffline(false);
    await expect(page.getByTestId('queued-orders')).toHaveCount(0, { timeout: 30_000 });
    const [placed] = (await api<Ordered[]>('GET', `/orders/${encodeURIComponent(dealer.email)}`, { token: dealer.token })).body;
    expect(placed).toMatchObject({ status: 'Confirmed', totalMinor: 70_200, taxMinor: 10_200, taxRateMicros: 170_000, taxName: 'VAT', reverseCharge: false });
    const standing = await api<{ outstanding: number; available: number }>('GET', '/company/account', { token: dealer.token });
    expect(standing.body).toMatchObject({ outstanding: 70_200, available: 500_000 - 70_200 });

    // Exempt under the reverse charge: no tax, and the pad says who accounts for it.
    const exempt = await api('PUT', `/admin/companies/${company}/terms`, {
      token: adminToken,
      body: { paymentTerms: 'net30', creditLimit: 500_000, poRequired: false, taxExempt: true },
    });
    expect(exempt.status, JSON.stringify(exempt.body)).toBe(200);
    await page.goto(`/products/${drill._id}`);
    await page.getByRole('button', { name: 'Add to order' }).click();
    // The line is written on the device before the page is left (leaving at once would abort the write).
    await expect(page.getByText(/added to your order pad\./u)).toBeVisible();
    await page.goto('/dashboard/order-pad');
    await expect(page.getByTestId('order-totals')).toContainText('Reverse charge: tax to be accounted for by the recipient');
    await expect(page.getByTestId('order-totals')).toContainText(`Total${dollars(60_000)}`);
  } finally {
    await api('DELETE', `/tax-rates/${rate.body.id}`, { token: adminToken });
  }
});
