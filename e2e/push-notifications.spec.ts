// Notifications on a device (docs/notifications.md): a dealer allows notifications and turns them on from My
// Profile, chooses which to receive (saved on the server), and a push message delivered to the service worker
// shows a notification that opens the order in My Orders. Headless Chromium has no push service to subscribe
// with (its builds carry no keys for Google's), so the message is handed to the service worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage), as a push service would hand it over once decrypted; the
// server's side of the same message is tested against a push service stand-in (tests/api/push-notifications.test.ts).

import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { orderScreenUrl, type PushPayload } from '../src/contract/push';
import { api, expect, orderThroughApi, signIn, test } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';
import { sideways } from './screen-helpers';

const SHOTS = '.tmp/screens';

/** The notifications the service worker shows now, as the page's registration lists them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

test.describe('notifications on a device', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a dealer turns notifications on and chooses them; a push shows a notification that opens the order', async ({
    page,
    context,
    createUser,
    createProduct,
  }) => {
    test.setTimeout(240_000);
    const dealer = await createUser({ displayName: 'Push Dealer' });
    const tool = await createProduct({ name: 'Forgeline Push Drill', price: 120, availableQnt: 50, minOrderQnt: 1 });
    const placed = await orderThroughApi(dealer, tool, 2);
    expect(placed.status).toBe(201);
    const number = (await api<{ number: string }>('GET', `/order/${placed.body.insertedId}`, { token: dealer.token })).body.number;

    await context.grantPermissions(['notifications']);
    await signIn(page, dealer);
    await page.goto('/dashboard');
    await waitForServiceWorker(page);
    const section = page.getByRole('region', { name: 'Notifications on this device' });
    await expect(section.getByTestId('push-state')).toHaveText('Notifications are off for this device.');
    const shipped = section.getByRole('checkbox', { name: 'Your order has shipped' });
    await expect(shipped).toBeChecked();

    // Turning on asks the browser's push service for a subscription. Headless Chromium has none to ask: the
    // dealer is told so in words, and nothing is saved on the server.
    await section.getByRole('button', { name: 'Turn on notifications' }).click();
    const outcome = await Promise.race([
      section
        .getByText('Notifications are on for this device.')
        .waitFor()
        .then(() => 'on' as const),
      section
        .getByRole('alert')
        .waitFor()
        .then(() => 'no push service' as const),
    ]);
    if (outcome === 'on') {
      await expect(section.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
    } else {
      await expect(section.getByRole('alert')).toContainText('This browser could not reach its push service');
      await expect(section.getByTestId('push-state')).toHaveText('Notifications are off for this device.');
    }

    // The choice is the account's, kept by the server for all its devices.
    await shipped.uncheck();
    await expect.poll(async () => (await api<{ muted: string[] }>('GET', '/push/settings', { token: dealer.token })).body.muted).toEqual(['order_shipped']);
    await page.reload();
    await expect(section.getByRole('checkbox', { name: 'Your order has shipped' })).not.toBeChecked();
    await section.getByRole('checkbox', { name: 'Your order has shipped' }).check();
    await expect.poll(async () => (await api<{ muted: string[] }>('GET', '/push/settings', { token: dealer.token })).body.muted).toEqual([]);

    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(500);
      expect(await sideways(page), `My Profile at ${width} px`).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/profile-notifications-${width}.png`, fullPage: true });
      await section.screenshot({ path: `${SHOTS}/notifications-section-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The push service hands the shop's message to the service worker.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin));
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload: PushPayload = {
      kind: 'order_shipped',
      title: `Your order ${number} has shipped`,
      body: 'It is on its way with DHL Express, tracking JD0146 0000 6281.',
      url: orderScreenUrl('dealer', number),
      tag: `order_shipped:${placed.body.insertedId}`,
      badge: 1,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: `/dashboard/my-orders?order=${number}` } }]);

    // A second message about the same order replaces the first rather than piling up.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      data: JSON.stringify({ ...payload, body: 'Delivered tomorrow.' }),
    });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.body)).toEqual(['Delivered tomorrow.']);

    // A tap: the service worker's click handler takes the open window of the shop to the order. DevTools cannot
    // tap a notification, so the worker is handed the same event the browser gives it for a tap.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error('no notification to tap');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }, payload.tag);
    await page.waitForURL(`**/dashboard/my-orders?order=${number}`);
    await expect(page.getByLabel('Search by order number or tool')).toHaveValue(number);
    await expect(page.getByText(number, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  });
});
