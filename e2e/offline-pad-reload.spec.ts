// The order pad placed offline while the tab is reloaded at a random moment: before the press has written
// anything, while the order and the emptied pad are written, just after, and while the service worker is
// still installing; then the connection comes back. Each round ends with exactly one order of the pad's
// lines on the server, and after the reload the device holds the lines on the pad or their order in the
// outbox, never both. The moments come from a seeded generator: the seed is printed, and
// OFFLINE_PAD_SEED=<seed> replays a run.

import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { api, expect, serverOrders, test, type E2eProduct, type E2eUser, type ServerOrder } from './fixtures';
import { countRows, dealerReady, readStore, waitForServiceWorker } from './offline-helpers';

const ROUNDS = 20;
const CPU_SLOWDOWN = 4;
/** The latest reload after the press; moments are drawn closer to the press, where the writes happen. */
const LATEST_RELOAD_MS = 400;

type Moment = { kind: 'after-press'; delayMs: number } | { kind: 'after-write' } | { kind: 'installing'; delayMs: number };
type BulkOrder = ServerOrder & { lines?: { productId: string | null; quantity: number }[] };

/** mulberry32: the same on every machine, so a seed replays the same moments (how long the page takes still varies). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function drawMoment(random: () => number): Moment {
  const pick = random();
  const delayMs = Math.round(LATEST_RELOAD_MS * random() ** 2);
  if (pick < 0.5) return { kind: 'after-press', delayMs };
  if (pick < 0.75) return { kind: 'after-write' };
  return { kind: 'installing', delayMs };
}

type PadRow = Record<string, unknown> & { productId: string; quantity: number };

const tail = (product: E2eProduct) => product.name.split(' ').at(-1) ?? '';

/** The quick-entry line: part of the name, the first match, the quantity, Enter. */
async function quickAdd(page: Page, product: E2eProduct, quantity: number) {
  await page.getByRole('combobox', { name: 'Tool', exact: true }).fill(tail(product));
  await expect(page.getByRole('option', { name: new RegExp(tail(product), 'u') })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity (pcs.)', { exact: true })).toBeFocused();
  await page.keyboard.type(String(quantity));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pad-line').filter({ hasText: product.name })).toBeVisible();
}

/**
 * Puts the round's lines on the pad: the rows the app wrote when the dealer added the tools at the start,
 * with this round's quantities, so twenty rounds need not type them twenty times.
 */
function putOnPad(page: Page, rows: PadRow[]) {
  return page.evaluate(
    (lines) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('forgeline');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('orderPad', 'readwrite');
          for (const line of lines) tx.objectStore('orderPad').put(line);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      }),
    rows,
  );
}

/** What the device holds of the round's order (one dealer on this browser): lines on the pad, items in the outbox. */
async function deviceHolds(page: Page): Promise<{ padLines: number; queued: number }> {
  const { orderPad = 0, outbox = 0 } = await countRows(page, ['orderPad', 'outbox']);
  return { padLines: orderPad, queued: outbox };
}

/** Drops the service worker and its caches: the next load installs it again from the network. */
async function uninstallServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  });
}

/**
 * Presses Place order and reloads the tab from inside the page, `delayMs` later or as soon as the outbox
 * holds an order: timed by the page's own (slowed) clock, with no round trip to the test in between.
 */
async function pressAndReload(page: Page, moment: Moment): Promise<void> {
  // A new document, not the pad's own move to My Orders within the page.
  const reloaded = page.waitForEvent('domcontentloaded');
  await page.evaluate((at) => {
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Place order');
    if (!button) throw new Error('no Place order button');
    button.click();
    if (at.kind !== 'after-write') {
      setTimeout(() => location.reload(), at.delayMs);
      return;
    }
    const reloadOnceQueued = () => {
      const open = indexedDB.open('forgeline');
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
        count.onsuccess = () => {
          db.close();
          if (count.result > 0) location.reload();
          else setTimeout(reloadOnceQueued, 0);
        };
      };
    };
    reloadOnceQueued();
  }, moment);
  await reloaded;
  await page.waitForLoadState('load');
}

/**
 * One round: the pad's lines, the press offline at 4x CPU slowdown, the reload at the drawn moment, then
 * the connection back. Returns what the device held after the reload, for the log.
 */
async function playRound(page: Page, context: BrowserContext, cdp: CDPSession, dealer: E2eUser, rows: PadRow[], moment: Moment) {
  await putOnPad(page, rows);
  if (moment.kind === 'installing') await uninstallServiceWorker(page);
  await page.goto('/dashboard/order-pad');
  const installing = moment.kind === 'installing' && (await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active == null));
  await expect(page.getByTestId('pad-line')).toHaveCount(rows.length);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await context.setOffline(true);
  await pressAndReload(page, moment);
  // Offline without a worker in control, the reload ends on the browser's error page.
  const reloaded = page.url().startsWith(e2eEnv.baseURL);

  let held: { padLines: number; queued: number };
  if (reloaded) {
    held = await deviceHolds(page);
    // Offline nothing can have been sent: the order is on the pad or in the outbox, exactly one of the two.
    expect(held.padLines > 0 !== held.queued > 0, `after the reload: ${JSON.stringify(held)}`).toBe(true);
    await context.setOffline(false);
  } else {
    // The browser's error page loads the pad again by itself once the connection is back, which would race the
    // read below: the tab leaves it first.
    await page.goto('about:blank');
    await context.setOffline(false);
    // A page of the app's origin that runs none of its code reads the database as the reload left it.
    await page.goto('/robots.txt');
    held = await deviceHolds(page);
    expect(held.padLines > 0 && held.queued > 0, `after the reload: ${JSON.stringify(held)}`).toBe(false);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Back online: the outbox sends its order by itself (the 'online' event, or the start of the next page);
  // lines still on the pad are placed again.
  if (!reloaded) {
    await page.goto('/dashboard/order-pad');
    await waitForServiceWorker(page);
  }
  if (held.padLines > 0) {
    await expect(page.getByTestId('pad-line')).toHaveCount(rows.length);
    await page.getByRole('button', { name: 'Place order' }).click();
  }
  await expect
    .poll(async () => ({ orders: (await serverOrders(dealer)).length, ...(await deviceHolds(page)) }), { timeout: 20_000 })
    .toEqual({ orders: 1, padLines: 0, queued: 0 });
  const orders = (await serverOrders(dealer)) as BulkOrder[];
  expect(orders.map((order) => order.lines?.map((line) => [line.productId, line.quantity]))).toEqual([rows.map((row) => [row.productId, row.quantity])]);
  // Each round starts from no order, so the account never holds many pieces unpaid.
  const [order] = orders;
  expect((await api('DELETE', `/orders/${order?._id ?? ''}`, { token: dealer.token })).status).toBe(200);
  return { ...held, reloaded, installing };
}

test('a pad placed offline and reloaded at any moment reaches the server exactly once', async ({ page, context, createUser, createProduct }) => {
  // A ceiling against a hang; on a quiet machine the rounds take a few seconds each.
  test.setTimeout(ROUNDS * 90_000);
  const seed = Number(process.env.OFFLINE_PAD_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  console.log(`offline-pad-reload seed ${seed} (replay: OFFLINE_PAD_SEED=${seed})`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });

  const drill = await createProduct({ name: 'Reload Pad Drill', price: 120, availableQnt: 1000, minOrderQnt: 2 });
  const saw = await createProduct({ name: 'Reload Pad Saw', price: 80, availableQnt: 1000, minOrderQnt: 2 });
  const dealer = await createUser({ displayName: 'Reload Counter' });
  // Address and phone come from the profile, so every press has them filled in.
  const profile = await api('PATCH', `/user/${encodeURIComponent(dealer.email)}`, {
    token: dealer.token,
    body: { address: '4 Quay Street, Bristol', phone: '+44 117 555 0199' },
  });
  expect(profile.status).toBe(200);
  await dealerReady(page, dealer, [drill, saw]);

  // The dealer puts the two tools on the pad once; each round puts the same rows back with new quantities.
  await page.goto('/dashboard/order-pad');
  await quickAdd(page, drill, 2);
  await quickAdd(page, saw, 2);
  const added = await readStore<PadRow>(page, 'orderPad');
  const template = [drill, saw].map((product) => added.find((row) => row.productId === product._id));
  const cdp = await context.newCDPSession(page);

  for (let round = 1; round <= ROUNDS; round += 1) {
    const moment = drawMoment(random);
    const rows = template.map((row): PadRow => {
      if (!row) throw new Error('a tool did not reach the pad');
      return { ...row, quantity: 2 + Math.floor(random() * 20) };
    });
    const held = await test.step(`round ${round}: ${JSON.stringify(moment)}`, () => playRound(page, context, cdp, dealer, rows, moment));
    console.log(`round ${round}: ${JSON.stringify(moment)} -> ${JSON.stringify(held)}`);
  }
});
