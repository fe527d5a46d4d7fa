// Live My Orders (docs/architecture.md, "Live orders"): a dealer's open My Orders shows its order shipped the
// moment the shop ships it, without a reload; a dealer of another company watching their own My Orders at the
// same time is not told of it.

import { api, expect, orderThroughApi, payThroughApi, signIn, test } from './fixtures';
import { rowOf } from './screen-helpers';

test.describe('live My Orders', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an order shipped by the shop shows as Shipped on the dealer’s open My Orders without a reload', async ({
    page,
    browser,
    adminToken,
    createUser,
    createProduct,
  }) => {
    test.setTimeout(240_000);
    const dealer = await createUser({ displayName: 'Live Dealer' });
    const other = await createUser({ displayName: 'Other Dealer' });
    const tool = await createProduct({ name: 'Forgeline Live Saw', price: 80, availableQnt: 50, minOrderQnt: 1 });
    const placed = await orderThroughApi(dealer, tool, 1);
    expect(placed.status).toBe(201);
    await payThroughApi(dealer, placed.body.insertedId);
    const number = (await api<{ number: string }>('GET', `/order/${placed.body.insertedId}`, { token: dealer.token })).body.number;
    const othersOrder = await orderThroughApi(other, tool, 1);
    expect(othersOrder.status).toBe(201);
    const othersNumber = (await api<{ number: string }>('GET', `/order/${othersOrder.body.insertedId}`, { token: other.token })).body.number;

    await signIn(page, dealer);
    await page.goto('/dashboard/my-orders');
    const row = rowOf(page, 'My orders', number);
    await expect(row).toContainText('Paid');
    const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other);
    await otherPage.goto('/dashboard/my-orders');
    await expect(rowOf(otherPage, 'My orders', othersNumber)).toBeVisible();
    // Marks the pages: a reload would lose these.
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
    const otherRequests: string[] = [];
    otherPage.on('request', (request) => otherRequests.push(request.url()));

    const shipped = await api('PATCH', `/orders/${placed.body.insertedId}`, {
      token: adminToken,
      body: { carrier: 'DHL Express', trackingNumber: 'JD0146 0000 6281' },
    });
    expect(shipped.status).toBe(200);
    await expect(row).toContainText('Shipped', { timeout: 15_000 });
    await expect(row).toContainText('Carrier: DHL Express');
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    // The other company's dealer was told nothing: their list was not even fetched again.
    await page.waitForTimeout(1_000);
    expect(otherRequests.filter((url) => /\/api\/orders\//u.test(url))).toEqual([]);
    await otherContext.close();
  });
});
