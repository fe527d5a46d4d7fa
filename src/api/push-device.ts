// This device's subscription to the shop's notifications: the browser's side (permission, the push service's
// subscription through the service worker) and the server's (PUT and DELETE /api/push/subscriptions).

import { apiRequest } from './client';
import { isNotFound } from './errors';
import { PushDeviceSchema } from '../contract/push';

/** Where this device stands: able to notify (on or off), blocked in the browser's settings, or unable at all. */
export type DeviceState = 'on' | 'off' | 'denied' | 'unsupported';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, or null while it has not started (the app's first seconds, or a development build). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The state as the browser knows it, without asking the user anything. */
export async function deviceState(): Promise<{ state: DeviceState; subscription: PushSubscription | null }> {
  if (!pushSupported()) return { state: 'unsupported', subscription: null };
  if (Notification.permission === 'denied') return { state: 'denied', subscription: null };
  const subscription = (await (await registration())?.pushManager.getSubscription()) ?? null;
  return { state: subscription && Notification.permission === 'granted' ? 'on' : 'off', subscription };
}

/** Tells the server this device notifies the account signed in on it (a device moves with whoever signs in). */
export async function registerDevice(subscription: PushSubscription): Promise<void> {
  await apiRequest('/push/subscriptions', { method: 'PUT', auth: true, body: subscription.toJSON(), schema: PushDeviceSchema });
}

export class PushSetupError extends Error {}

/** Asks for permission (on the user's tap), subscribes with the shop's key, and registers the device. */
export async function turnOn(publicKey: string): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const worker = await registration();
  if (!worker) throw new PushSetupError('The app is still getting ready on this device. Reload the page and try again.');
  let subscription: PushSubscription;
  try {
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
  } catch (error) {
    throw new PushSetupError(
      `This browser could not reach its push service (${error instanceof Error ? error.message : String(error)}). Try again later, or in another browser.`,
    );
  }
  await registerDevice(subscription);
  return 'on';
}

/**
 * Stops notifications here: the server forgets the device (asked with `token`, by default the session's), then the
 * browser drops the subscription.
 */
export async function turnOff(subscription: PushSubscription, token: string | true = true): Promise<void> {
  await apiRequest('/push/subscriptions', { method: 'DELETE', auth: token, body: { endpoint: subscription.endpoint }, schema: PushDeviceSchema }).catch(
    (error: unknown) => {
      // Already forgotten by the server (its push service said the device was gone): nothing left to undo there.
      if (!isNotFound(error)) throw error;
    },
  );
  await subscription.unsubscribe();
}

/**
 * On sign-out: the device stops notifying the account that leaves, so a shared device never shows its orders to
 * whoever uses it next. `token` is the leaving session's, read before the session is cleared.
 */
export async function forgetDevice(token: string | null): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  if (token) await turnOff(subscription, token).catch(() => undefined);
  // Offline, or the server refused: the browser's side still ends, and its push service tells the shop so (410).
  await subscription.unsubscribe().catch(() => undefined);
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/gu, '+')
    .replace(/_/gu, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
