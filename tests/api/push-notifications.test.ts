// Notifications on a device (docs/notifications.md), sent by the app's own background job to a push service
// stand-in on this machine, where the network edge is: each request is read as a browser's push service reads it
// (TTL, Urgency, aes128gcm, the VAPID signature) and decrypted with the subscription's private key (RFC 8291).
// Admins hear of paid orders and orders on hold, dealers of their shipped orders; a kind switched off is not
// sent; a device whose push service says it is gone is forgotten; a push service that fails is tried again.

import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PushPayloadSchema, type PushPayload, type PushSettings } from '../../src/contract/push';
import * as v from 'valibot';
import { queueOrderPushes, queuePush, isAllowedEndpoint } from '../../server/services/push';
import type { Tx } from '../../server/db/client';
import type { TestApp, TestUser } from '../helpers/test-app';
import { payOrder, placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service as browsers use: it takes each message with 201, or the status set for a device. */
async function startPushService() {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = statuses.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;

/** A browser's subscription: its own P-256 key pair and authentication secret, at a path of the push service. */
function browserDevice(service: PushServiceStandIn, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
  return {
    ecdh,
    path,
    subscription: { endpoint: `${service.origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    /** The message as the browser decrypts it. */
    read(request: Received): PushPayload {
      const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
      return v.parse(PushPayloadSchema, JSON.parse(plain.toString('utf8')));
    },
  };
}
type Device = ReturnType<typeof browserDevice>;

/** Checks the VAPID header as a push service does: the shop's key, and a JWT for this push service signed with it. */
function expectVapid(header: string | undefined, publicKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/u.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt = '', k = ''] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(origin);
  expect(body.sub).toBe('mailto:dealers@forgeline.example');
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  expect(body.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
}

async function subscribe(t: TestApp, user: TestUser, device: Device) {
  return t.app.inject({ method: 'PUT', url: '/api/push/subscriptions', headers: user.auth, payload: device.subscription });
}

describe('which push services the shop sends to', () => {
  it('any in local mode, the browsers’ own over HTTPS in production', () => {
    expect(isAllowedEndpoint('http://127.0.0.1:9/push/a', true)).toBe(true);
    expect(isAllowedEndpoint('http://127.0.0.1:9/push/a', false)).toBe(false);
    expect(isAllowedEndpoint('https://10.0.0.5/push/a', false)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com.evil.example/fcm/send/a', false)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isAllowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBe(true);
    expect(isAllowedEndpoint('https://web.push.apple.com/abc', false)).toBe(true);
    expect(isAllowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=abc', false)).toBe(true);
  });
});

describeEachDatabase('notifications on a device', (kind) => {
  let service: PushServiceStandIn;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(() => {
    service.received.length = 0;
    service.statuses.clear();
  });

  // The app's own job sends every second, as a server does every PUSH_INTERVAL_SECONDS: the tests act and then
  // read what arrived.
  const {
    t,
    users: { dealer, otherDealer, admin, quietAdmin },
  } = useTestApp(kind, {
    config: () => ({
      push: {
        vapid: {
          publicKey: 'BGB843CDlfn1wzFlI9WAtPYUVcssKkChqVPYKLkrbkcQtu0tzO94lbEK3nE0NayJP9g0-si-P25_zcd54qQHri8',
          privateKey: '7fLfPT3vtdhXIeoId-UAHWbcCnLiF-4mECGkgtzXaac',
          subject: 'mailto:dealers@forgeline.example',
        },
        anyPushService: true,
        intervalMs: 1_000,
        maxAttempts: 3,
        retryBaseMs: 30_000,
        retryMaxMs: 1_800_000,
      },
    }),
    users: {
      dealer: { displayName: 'Ines Müller', verified: true },
      otherDealer: { verified: true },
      admin: { admin: true },
      quietAdmin: { admin: true },
    },
  });
  let productId: string;
  let dealerPhone: Device;
  let adminPhone: Device;
  let quietPhone: Device;

  const arrivedAt = async (device: Device, count: number): Promise<Received[]> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mine = service.received.filter((request) => request.path === device.path);
      if (mine.length >= count || Date.now() > deadline) return mine;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const numberOf = async (orderId: string) =>
    ((await t.app.inject({ url: `/api/order/${orderId}`, headers: dealer.auth })).json() as { number: string }).number;
  const queueRow = async (orderId: string, pushKind: string) => {
    const result = (await t.database.db.execute(
      sql`select state, attempts, last_error, next_attempt_at from push_queue where order_id = ${orderId}::uuid and kind = ${pushKind}`,
    )) as unknown as { rows: { state: string; attempts: number; last_error: string | null; next_attempt_at: Date | string }[] };
    return result.rows[0];
  };
  const devicesOf = async (user: TestUser) => {
    const result = (await t.database.db.execute(sql`select endpoint from push_subscriptions where user_id = ${user.id}::uuid`)) as unknown as {
      rows: { endpoint: string }[];
    };
    return result.rows.map((row) => row.endpoint);
  };

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'SD8 Specialty Right-Angle Drill', price: 139, available: 1_000_000, minOrder: 1 });
    dealerPhone = browserDevice(service, 'dealer');
    adminPhone = browserDevice(service, 'admin');
    quietPhone = browserDevice(service, 'quiet-admin');
    expect((await subscribe(t, dealer, dealerPhone)).statusCode).toBe(201);
    expect((await subscribe(t, admin, adminPhone)).statusCode).toBe(201);
    expect((await subscribe(t, quietAdmin, quietPhone)).statusCode).toBe(201);
    const muted = await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: quietAdmin.auth, payload: { muted: ['order_paid'] } });
    expect(muted.statusCode).toBe(200);
  });

  it('offers each account the kinds that are sent to it, with the key to subscribe with, and saves its choices', async () => {
    const forAdmin = (await t.app.inject({ url: '/api/push/settings', headers: admin.auth })).json() as PushSettings;
    expect(forAdmin).toEqual({ publicKey: t.config.push.vapid.publicKey, kinds: ['order_paid', 'order_on_hold', 'quote_requested'], muted: [] });
    const forDealer = (await t.app.inject({ url: '/api/push/settings', headers: dealer.auth })).json() as PushSettings;
    // A dealer's own company makes them its company admin, who approves its buyers' orders over their limits.
    expect(forDealer).toEqual({
      publicKey: t.config.push.vapid.publicKey,
      kinds: ['order_shipped', 'quote_answered', 'approval_waiting', 'approval_decided'],
      muted: [],
    });
    expect(((await t.app.inject({ url: '/api/push/settings', headers: quietAdmin.auth })).json() as PushSettings).muted).toEqual(['order_paid']);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: dealer.auth, payload: { muted: ['everything'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining('not a kind of notification') } });
    // The same device again is no new device.
    expect((await subscribe(t, dealer, dealerPhone)).statusCode).toBe(200);
    expect(await devicesOf(dealer)).toEqual([dealerPhone.subscription.endpoint]);
  });

  it('tells every admin who wants it that an order is paid, encrypted for the device and signed with the shop’s key', async () => {
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 20 });
    const number = await numberOf(orderId);
    await payOrder(t, dealer, orderId);
    const [request] = await arrivedAt(adminPhone, 1);
    expect(request).toBeDefined();
    if (!request) return;
    expect(request.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream' });
    expectVapid(request.headers.authorization, t.config.push.vapid.publicKey, service.origin);
    // The body is ciphertext: nothing of the message can be read on the way.
    expect(request.body.includes(Buffer.from(number))).toBe(false);
    const waiting = (await t.database.db.execute(sql`select count(*)::int as n from orders where status in ('Paid', 'Confirmed', 'On hold')`)) as unknown as {
      rows: { n: number }[];
    };
    expect(adminPhone.read(request)).toEqual({
      kind: 'order_paid',
      title: `Order ${number} is paid`,
      body: 'Ines Müller, $2,780. It waits to ship.',
      url: `/dashboard/manage-orders?order=${number}`,
      tag: `order_paid:${orderId}`,
      badge: waiting.rows[0]?.n,
    });
    // The admin who switched paid orders off hears nothing, and the dealer is not told of the admins' notice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(service.received.filter((r) => r.path === quietPhone.path || r.path === dealerPhone.path)).toEqual([]);
    expect(await queueRow(orderId, 'order_paid')).toBeUndefined();
  });

  it('tells the dealer their order shipped once shipping can no longer be undone, and an undone shipping never', async () => {
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 2 });
    const number = await numberOf(orderId);
    await payOrder(t, dealer, orderId);
    const ship = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}`,
        headers: admin.auth,
        payload: { carrier: 'DHL Express', trackingNumber: 'JD0146 0000 6281' },
      });
    expect((await ship()).statusCode).toBe(200);
    expect(await queueRow(orderId, 'order_shipped')).toMatchObject({ state: 'queued', attempts: 0 });
    const undo = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}/shipping`, headers: admin.auth });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await queueRow(orderId, 'order_shipped')).toBeUndefined();

    expect((await ship()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await arrivedAt(dealerPhone, 0)).toEqual([]);
    // The minute in which the shipping may be undone is over.
    await t.database.db.execute(sql`update push_queue set next_attempt_at = now() where kind = 'order_shipped' and order_id = ${orderId}::uuid`);
    const [request] = await arrivedAt(dealerPhone, 1);
    expect(request?.headers).toMatchObject({ ttl: String(3 * 86_400), urgency: 'normal', 'content-encoding': 'aes128gcm' });
    expect(request && dealerPhone.read(request)).toEqual({
      kind: 'order_shipped',
      title: `Your order ${number} has shipped`,
      body: 'It is on its way with DHL Express, tracking JD0146 0000 6281.',
      url: `/dashboard/my-orders?order=${number}`,
      tag: `order_shipped:${orderId}`,
      badge: expect.any(Number),
    });
  });

  /** The order as an order on account over its credit is placed: On hold, for an admin to release or refuse. */
  const holdForDecision = (tx: Tx, orderId: string) =>
    tx.execute(sql`update orders set status = 'On hold', payment_terms = 'net30', status_reason = 'Over the credit limit.' where id = ${orderId}::uuid`);

  it('tells admins of an order on hold; a transaction rolled back sends nothing', async () => {
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
    const number = await numberOf(orderId);
    // Nothing leaves before the event's transaction commits: rolled back, it queued nothing.
    await expect(
      t.database.db.transaction(async (tx) => {
        await holdForDecision(tx, orderId);
        await queueOrderPushes(tx, 'placed', orderId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queueRow(orderId, 'order_on_hold')).toBeUndefined();

    await t.database.db.transaction(async (tx) => {
      await holdForDecision(tx, orderId);
      await queueOrderPushes(tx, 'placed', orderId);
    });
    const [toAdmin] = await arrivedAt(adminPhone, 1).then((all) => all.filter((r) => adminPhone.read(r).kind === 'order_on_hold'));
    expect(toAdmin && adminPhone.read(toAdmin)).toMatchObject({ title: `Order ${number} is on hold`, url: `/dashboard/manage-orders?order=${number}` });
    // On hold is still on for the admin who switched paid orders off.
    const [toQuiet] = await arrivedAt(quietPhone, 1);
    expect(toQuiet && quietPhone.read(toQuiet).kind).toBe('order_on_hold');
  });

  it('tries a push service that fails again later, and forgets a device its push service says is gone', async () => {
    const phone = browserDevice(service, 'flaky');
    expect((await subscribe(t, otherDealer, phone)).statusCode).toBe(201);
    const orderId = await placeOrder(t, otherDealer, { productId, orderQuantity: 1 });
    const started = Date.now();
    service.statuses.set(phone.path, 503);
    await t.database.db.transaction((tx) =>
      queuePush(tx, 'order_shipped', { userIds: [otherDealer.id] }, { orderId, title: 'Shipped', body: 'On its way.', url: '/dashboard/my-orders' }),
    );
    await arrivedAt(phone, 1);
    await expect.poll(() => queueRow(orderId, 'order_shipped'), { timeout: 5_000 }).toMatchObject({ state: 'queued', attempts: 1 });
    const retry = await queueRow(orderId, 'order_shipped');
    expect(retry?.last_error).toBe('the push service answered 503');
    expect(new Date(retry?.next_attempt_at ?? 0).getTime()).toBeGreaterThanOrEqual(started + 30_000);

    // The browser unsubscribed meanwhile: its push service answers 410 Gone.
    service.statuses.set(phone.path, 410);
    await t.database.db.execute(sql`update push_queue set next_attempt_at = now() where order_id = ${orderId}::uuid`);
    await arrivedAt(phone, 2);
    await expect.poll(() => devicesOf(otherDealer), { timeout: 5_000 }).toEqual([]);
    expect(await queueRow(orderId, 'order_shipped')).toBeUndefined();
  });

  it('forgets a device on its owner’s word only, and refuses what is not a browser’s subscription', async () => {
    const phone = browserDevice(service, 'leaving');
    expect((await subscribe(t, otherDealer, phone)).statusCode).toBe(201);
    const someoneElse = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: dealer.auth,
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(someoneElse.statusCode).toBe(404);
    expect(await devicesOf(otherDealer)).toEqual([phone.subscription.endpoint]);
    const own = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: otherDealer.auth,
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ subscribed: false });
    expect(await devicesOf(otherDealer)).toEqual([]);

    for (const payload of [
      { ...phone.subscription, endpoint: 'javascript:alert(1)' },
      { ...phone.subscription, keys: { p256dh: 'short', auth: phone.subscription.keys.auth } },
      { ...phone.subscription, keys: { ...phone.subscription.keys, extra: 'x' } },
      { endpoint: phone.subscription.endpoint },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/push/subscriptions', headers: otherDealer.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/push/subscriptions', payload: phone.subscription })).statusCode).toBe(401);
  });
});
