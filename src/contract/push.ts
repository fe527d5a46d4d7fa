// Notifications on a device (Web Push): the kinds the shop sends, who may receive each, what a push message
// carries to the service worker, and what My Profile and the server agree on (docs/notifications.md).

import * as v from 'valibot';

/**
 * Every kind of notification. A kind is sent by one call, `queuePush` (server/services/push.ts), in the
 * transaction of the event it tells of; `offered` says whether anything sends it yet, and only offered kinds are
 * shown on My Profile.
 */
export const PUSH_KINDS = [
  'order_paid',
  'order_on_hold',
  'order_shipped',
  'quote_requested',
  'quote_answered',
  'approval_waiting',
  'approval_decided',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Who a kind is for: the shop's admins, a company's approvers, or the dealer whose order or quote it is. */
export type PushAudience = 'admin' | 'approver' | 'dealer';

export interface PushKindInfo {
  audience: PushAudience;
  /** The choice as My Profile names it. */
  label: string;
  /** Whether the shop sends this kind: quotes and approvals plug in when they are built. */
  offered: boolean;
  /** How long the push service keeps the message for a device that is off, in seconds. */
  ttlSeconds: number;
  /** `high` wakes a sleeping phone at once; `normal` may wait for the phone's next wake-up. */
  urgency: 'normal' | 'high';
}

const DAY = 24 * 60 * 60;

export const PUSH_KIND_INFO: Record<PushKind, PushKindInfo> = {
  order_paid: { audience: 'admin', label: 'An order is paid and waits to ship', offered: true, ttlSeconds: DAY, urgency: 'high' },
  order_on_hold: { audience: 'admin', label: 'An order on account is on hold for your decision', offered: true, ttlSeconds: 3 * DAY, urgency: 'high' },
  order_shipped: { audience: 'dealer', label: 'Your order has shipped', offered: true, ttlSeconds: 3 * DAY, urgency: 'normal' },
  quote_requested: { audience: 'admin', label: 'A dealer asks for a quote', offered: true, ttlSeconds: 3 * DAY, urgency: 'normal' },
  quote_answered: { audience: 'dealer', label: 'Your quote is answered', offered: true, ttlSeconds: 3 * DAY, urgency: 'normal' },
  approval_waiting: { audience: 'approver', label: 'An order waits for your approval', offered: true, ttlSeconds: 3 * DAY, urgency: 'high' },
  approval_decided: { audience: 'dealer', label: 'Your order was approved or declined', offered: true, ttlSeconds: 3 * DAY, urgency: 'normal' },
};

/** The kinds My Profile offers a user of this role: an admin's, or a dealer's (their own orders, and an approver's if they approve). */
export function pushKindsFor(role: 'admin' | 'customer' | 'rep', approver = false): PushKind[] {
  const audiences: PushAudience[] = role === 'admin' ? ['admin'] : approver ? ['dealer', 'approver'] : ['dealer'];
  return PUSH_KINDS.filter((kind) => PUSH_KIND_INFO[kind].offered && audiences.includes(PUSH_KIND_INFO[kind].audience));
}

export const pushMessages = {
  endpoint: 'The browser gave no address to send notifications to. Turn notifications off and on again.',
  endpointNotAllowed: 'Notifications can only go through a browser’s own push service.',
  keys: 'The browser gave no keys for notifications. Turn notifications off and on again.',
  kind: 'That is not a kind of notification this shop sends.',
  notFound: 'Notifications are not on for that device.',
} as const;

/** The longest push service address the shop keeps; the browsers' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1000;

const Base64UrlKey = (min: number, max: number) =>
  v.pipe(
    v.string(pushMessages.keys),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/u, pushMessages.keys),
    v.minLength(min, pushMessages.keys),
    v.maxLength(max, pushMessages.keys),
  );

const EndpointSchema = v.pipe(
  v.string(pushMessages.endpoint),
  v.maxLength(PUSH_ENDPOINT_MAX, pushMessages.endpoint),
  v.check((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, pushMessages.endpoint),
);

/**
 * `PUT /api/push/subscriptions`: the browser's subscription as `PushSubscription.toJSON()` gives it. The
 * public key is a P-256 point (65 bytes, 87 characters), the secret 16 bytes (22 characters).
 */
export const PushSubscriptionBodySchema = v.strictObject({
  endpoint: EndpointSchema,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.strictObject({ p256dh: Base64UrlKey(80, 100), auth: Base64UrlKey(20, 30) }, pushMessages.keys),
});
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionBodySchema>;

/** `DELETE /api/push/subscriptions`: the device's subscription to forget. */
export const PushUnsubscribeBodySchema = v.strictObject({ endpoint: EndpointSchema });

const PushKindSchema = v.picklist(PUSH_KINDS, pushMessages.kind);

/** `PUT /api/push/settings`: the kinds the user does not want, on any of their devices. */
export const PushSettingsBodySchema = v.strictObject({
  muted: v.pipe(v.array(PushKindSchema, pushMessages.kind), v.maxLength(PUSH_KINDS.length, pushMessages.kind)),
});
export type PushSettingsBody = v.InferOutput<typeof PushSettingsBodySchema>;

/** What My Profile shows: the key to subscribe with, the kinds on offer to this user, and those muted. */
export const PushSettingsSchema = v.object({
  publicKey: v.string(),
  kinds: v.array(PushKindSchema),
  muted: v.array(PushKindSchema),
});
export type PushSettings = v.InferOutput<typeof PushSettingsSchema>;

/** What one push message carries to the service worker (sw/sw.ts). */
export const PushPayloadSchema = v.object({
  kind: PushKindSchema,
  title: v.string(),
  body: v.string(),
  /** A path of the shop that the notification opens on a tap. */
  url: v.pipe(v.string(), v.startsWith('/')),
  /** One notification per order and kind: a newer one replaces it. */
  tag: v.string(),
  /** What waits for this user (orders to ship, to pay...), for the app's badge; null: leave it as it is. */
  badge: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type PushPayload = v.InferOutput<typeof PushPayloadSchema>;

/** The order an order notification opens, by its number: My Orders for the dealer, Manage Orders for admins. */
export function orderScreenUrl(audience: PushAudience, orderNo: string): string {
  // An approver decides on My Company, whose To approve list is at its top.
  if (audience === 'approver') return '/dashboard/my-company';
  const screen = audience === 'admin' ? '/dashboard/manage-orders' : '/dashboard/my-orders';
  return `${screen}?order=${encodeURIComponent(orderNo)}`;
}

/** The answer to subscribing or unsubscribing a device. */
export const PushDeviceSchema = v.object({ subscribed: v.boolean() });
export type PushDevice = v.InferOutput<typeof PushDeviceSchema>;
