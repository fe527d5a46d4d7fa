// The order outbox survives the browser closing in the middle of a send (docs/offline.md; decision 008): an
// order saved offline starts sending when the connection is back, the browser is closed while its POST is
// held at the network's edge, and the same browser profile opened again sends it once. Both ways a send can
// be cut short are covered: the request never reached the server, or it did and the answer was lost.

import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { expect, serverOrders, test } from './fixtures';
import { dealerReady, orderOffline, readStore } from './offline-helpers';

/** The browser with a profile of its own on disk, as an installed app keeps one between launches. */
async function launch(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

const state = (page: Page, name: string) => page.getByTestId('device-orders').getByRole('row').filter({ hasText: name }).getByTestId('order-state');

for (const reached of [false, true]) {
  const how = reached ? 'the server stored it but its answer was lost' : 'the request never reached the server';
  test(`an order in flight when the browser closes is sent exactly once when it opens again: ${how}`, async ({ createUser, createProduct }, testInfo) => {
    const product = await createProduct({ name: 'Closed Browser Rotary Hammer' });
    const dealer = await createUser({ displayName: 'Closed Browser Counter' });
    const profile = testInfo.outputPath('profile');

    const first = await launch(profile);
    await dealerReady(first.page, dealer, [product]);
    await first.context.setOffline(true);
    await orderOffline(first.page, product, product.minOrderQnt);
    const [queued] = await readStore<{ clientOrderId: string }>(first.page, 'outbox');
    await first.page.goto('/dashboard/this-device');
    await expect(state(first.page, product.name)).toHaveText('Waiting to send');

    // The order's POST is held at the network's edge: passed on to the server or not, it is never answered.
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    await first.context.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      if (reached) await route.fetch();
      arrived();
      await new Promise<never>(() => undefined);
    });
    await first.context.setOffline(false);
    await inFlight;
    await expect(state(first.page, product.name)).toHaveText('Sending');
    expect((await serverOrders(dealer)).length).toBe(reached ? 1 : 0);
    await first.context.close();
    // Closed mid-send: the server has what it had, or the order once when the service worker, waiting for the
    // page's send to end, sent it itself while the browser shut (the page's request was never answered).
    const afterClose = (await serverOrders(dealer)).map((order) => order.clientOrderId);
    expect(reached ? [[queued?.clientOrderId]] : [[], [queued?.clientOrderId]]).toContainEqual(afterClose);

    const second = await launch(profile);
    await second.page.goto('/dashboard/this-device');
    await expect(state(second.page, product.name)).toHaveText('Confirmed', { timeout: 30_000 });
    const orders = await serverOrders(dealer);
    expect(orders.map((order) => order.clientOrderId)).toEqual([queued?.clientOrderId]);
    await expect(second.page.getByTestId('device-orders').getByRole('row').filter({ hasText: product.name })).toContainText(
      `The server has it as ${orders[0]?.number}.`,
    );
    expect(await readStore(second.page, 'outbox')).toEqual([]);
    // Neither the page nor the service worker sends it again.
    await second.page.reload();
    await expect(state(second.page, product.name)).toHaveText('Confirmed');
    expect(await serverOrders(dealer)).toHaveLength(1);
    await second.context.close();
  });
}
