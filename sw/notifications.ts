// Notifications on a device (docs/notifications.md): a push message from the shop becomes a notification, one
// per order and kind, and the app's badge shows what waits for the user; a tap opens the screen it names, in a
// window of the shop already open if there is one.

import * as v from 'valibot';
import { PushPayloadSchema, type PushPayload } from '../src/contract/push';

const ICON = '/icons/icon-192.png';

/** The app's badge, where the browser has one (installed apps on Chromium and Safari): the count, or none at 0. */
async function showBadge(worker: ServiceWorkerGlobalScope, count: number | null): Promise<void> {
  const nav = worker.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  if (count === null || !nav.setAppBadge || !nav.clearAppBadge) return;
  await (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const parsed = v.safeParse(PushPayloadSchema, event.data?.json());
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Only a path of the shop, resolved against its own origin: a message never opens another site. */
function targetOf(worker: ServiceWorkerGlobalScope, url: unknown): string {
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard';
  return new URL(path, worker.location.origin).href;
}

async function openScreen(worker: ServiceWorkerGlobalScope, href: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === href) ?? windows.find((client) => client.focused) ?? windows[0];
  if (!open) {
    await worker.clients.openWindow(href);
    return;
  }
  const shown = open.url === href ? open : ((await open.navigate(href)) ?? open);
  await shown.focus().catch(() => undefined);
}

export function listenForNotifications(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event: PushEvent) => {
    const payload = payloadOf(event);
    // Browsers require a notification for every push; a message the app cannot read still says where to look.
    const shown = payload
      ? worker.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, icon: ICON, badge: ICON, data: { url: payload.url } })
      : worker.registration.showNotification('Forgeline Power Tools', { body: 'Something changed on your account.', icon: ICON, data: { url: '/dashboard' } });
    event.waitUntil(Promise.all([shown, showBadge(worker, payload?.badge ?? null)]));
  });

  worker.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openScreen(worker, targetOf(worker, data?.url)));
  });
}
