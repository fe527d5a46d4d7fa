// The home page at trade scale: 5,000 and 50,000 generated tools (SEED_PRODUCTS), each size on its own
// server with its own fresh rows, Chromium at 4x CPU slowdown on a tablet-sized window, a first visit with
// empty caches. Measured: when the first "Order Now" is on the page, how many DOM nodes the page has, the
// long tasks (until the first card, during the first sync, and in all), when the whole catalogue is saved
// for offline use, the catalogue bytes of the first visit and of a repeat visit after the admin restocked
// 100 tools (the sync asks only for what changed), and how long a typed search takes to show its results,
// online and offline. Median of 3 runs per size. Then Lighthouse (mobile defaults,
// median of 3) on the same home page. The issue measured 21 s, 80,700 nodes and 9.5 s of long tasks at
// 5,000 tools before.
//
// One size only: `CATALOGUE_SCALE_SIZES=50000 npm run bench catalogue-scale` (comma-separated sizes;
// `npm run bench` takes benchmark names only).

import { rmSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { chromiumPath, launchChromium } from './lib/browser';
import { buildPwa } from './lib/build';
import { adminToken, forgetAdminToken } from './lib/customers';
import { benchDir, startServer } from './lib/processes';
import { waitForSavedCatalogue } from './lib/saved-catalogue';
import { medianAudit } from './lighthouse';
import { median, round, skipped, type Benchmark, type BenchContext, type BenchOutcome, type BudgetCheck, type Table } from './lib/report';
import { catalogueSizes, toolCount } from './lib/sizes';

/** The catalogue sizes measured, each on its own server; CATALOGUE_SCALE_SIZES names others. */
const DEFAULT_SIZES = [5000, 50_000];
const RUNS = 3;
const CPU_SLOWDOWN = 4;
const BUDGET_FIRST_ORDER_NOW_MS = 2500;
const BUDGET_DOM_NODES = 3000;
const BUDGET_LONG_TASKS_MS = 500;
/** The page's own long tasks while the worker saves the copy, after the first card (the typed search's aside). */
const BUDGET_SYNC_LONG_TASKS_MS = 200;
const BUDGET_SEARCH_MS = 100;
/** A SKU typed at once on a first visit, before the copy is saved: the server answers it. */
const BUDGET_FRESH_SEARCH_MS = 300;
/** The whole copy saved for offline use, from the first navigation: 10 s up to 5,000 tools, 60 s up to 50,000. */
function offlineReadyBudgetMs(tools: number): number {
  return tools <= 5000 ? 10_000 : 60_000;
}
/** Tools the admin restocks between the two visits. */
const CHANGED_TOOLS = 100;
/** The repeat visit's sync after those changes, on the wire. */
const BUDGET_REPEAT_SYNC_BYTES = 30 * 1024;
/** What the dealer types: a word of many names online, a SKU offline (both answered from the saved copy once synced). */
const ONLINE_SEARCH = 'grinder';
const OFFLINE_SEARCH = 'FL-G0042';
/** A person's typing speed, in ms between keys. */
const KEY_DELAY_MS = 60;
const VIEWPORT = { width: 820, height: 1180 };
const SYNC_TIMEOUT_MS = 180_000;
/** As with twelve tools (bench/lighthouse.ts). */
const BUDGET_LIGHTHOUSE_PERFORMANCE = 95;

interface RunFigures {
  firstOrderNowMs: number;
  domNodes: number;
  longTasksToFirstCardMs: number;
  longTasksTotalMs: number;
  /** Long tasks after the first card until the copy was saved and the page settled, the typed search's own left out. */
  longTasksDuringSyncMs: number;
  /** Those long tasks one by one: when each started, in ms after the first Order Now, and how long it took. */
  syncLongTasks: { afterFirstCardMs: number; ms: number }[];
  longestTaskMs: number;
  firstSyncDoneMs: number;
  /** A SKU typed right after the first card, on the first visit (online): from the last key to its result. */
  searchFreshMs: number;
  firstVisitBytes: number;
  /** The part of it the catalogue sync downloaded, in the dedicated worker. */
  firstVisitSyncBytes: number;
  /** The sync's answers on the first visit, and when the first and the last had arrived, from the navigation. */
  firstVisitSyncAnswers: number;
  firstCopyPageAskedMs: number;
  firstCopyPageMs: number;
  lastCopyPageMs: number;
  repeatVisitBytes: number;
  repeatVisitSyncBytes: number;
  /** Tools in the repeat visit's sync answers, and how many of those the admin restocked were among them. */
  repeatVisitSyncTools: number;
  repeatVisitSyncHadChangedTools: number;
  /** Dedicated workers slowed like the page, and the protocol's answers for those it refused. */
  workersSlowed: number;
  workerSlowdownRefusals: string[];
  cards: number;
  /** From the last key of a typed search to its results on screen. */
  searchOnlineMs: number;
  searchOfflineMs: number;
}

/** Runs in the page before any script: the moment the first Order Now link exists, and every long task. */
const PAGE_PROBE = `
  window.__bench = { firstOrderNow: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => {
    if (window.__bench.firstOrderNow !== null) return;
    for (const a of document.querySelectorAll('a')) {
      if (a.textContent.trim() === 'Order Now') { window.__bench.firstOrderNow = performance.now(); observer.disconnect(); return; }
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
`;

const isCatalogue = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/products') || pathname === '/api/categories';
};

/**
 * Bytes on the wire (headers included) of the catalogue's API answers, from the browser context's request
 * events: those of the page and those of its dedicated worker (Chromium reports both to the context; a
 * DevTools session on the page alone misses the worker's), where the catalogue sync asks for
 * /api/products/changes. Answers the service worker served from its cache are not counted.
 */
interface CountedBytes {
  bytes: number;
  syncBytes: number;
  syncTools: string[];
  /** Epoch ms at which each sync answer had arrived whole, in order. */
  syncAnswered: number[];
  /** Epoch ms at which the first sync request was sent. */
  syncFirstAsked: number;
}

/**
 * Counts the catalogue's bytes on the wire. The tools in the sync's answers are read (their bodies fetched
 * from the browser and parsed here) only after `readTools()`: on the first visit that would be some 2 MB of
 * JSON per page of the copy at 50,000 tools, work on this machine's two cores while the page is measured.
 */
function countCatalogueBytes(context: BrowserContext): { take(): Promise<CountedBytes>; answered(): number[]; readTools(): void } {
  let bytes = 0;
  let readingTools = false;
  let syncBytes = 0;
  let syncTools: string[] = [];
  let syncAnswered: number[] = [];
  let syncFirstAsked = Number.NaN;
  const pending = new Set<Promise<void>>();
  context.on('request', (request) => {
    if (Number.isNaN(syncFirstAsked) && new URL(request.url()).pathname === '/api/products/changes') syncFirstAsked = Date.now();
  });
  context.on('requestfinished', (request) => {
    if (!isCatalogue(request.url())) return;
    const counted = (async () => {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      if (response?.fromServiceWorker()) return;
      const size = sizes.responseHeadersSize + sizes.responseBodySize;
      bytes += size;
      if (new URL(request.url()).pathname !== '/api/products/changes' || !response) return;
      syncAnswered.push(Date.now());
      syncBytes += size;
      if (!readingTools) return;
      const changes = (await response.json()) as { products: { _id: string }[] };
      syncTools = syncTools.concat(changes.products.map((product) => product._id));
    })().catch(() => undefined);
    pending.add(counted);
    void counted.finally(() => pending.delete(counted));
  });
  return {
    async take() {
      await Promise.all([...pending]);
      const taken = { bytes, syncBytes, syncTools, syncAnswered: syncAnswered.sort((a, b) => a - b), syncFirstAsked };
      syncFirstAsked = Number.NaN;
      bytes = 0;
      syncBytes = 0;
      syncTools = [];
      syncAnswered = [];
      return taken;
    },
    answered: () => [...syncAnswered].sort((a, b) => a - b),
    readTools: () => {
      readingTools = true;
    },
  };
}

/**
 * Asks for the page's dedicated workers (the catalogue's sync and search run in one) to be slowed as much
 * as the page, through the DevTools protocol's auto-attach on the page's session. Counts the workers
 * slowed and keeps the protocol's answer for those it refused.
 */
async function throttleWorkers(cdp: CDPSession, rate: number): Promise<{ slowed: number; refusals: string[] }> {
  const outcome = { slowed: 0, refusals: [] as string[] };
  const asked = new Set<string>();
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type !== 'worker') return;
    asked.add(event.sessionId);
    const message = JSON.stringify({ id: 1, method: 'Emulation.setCPUThrottlingRate', params: { rate } });
    cdp.send('Target.sendMessageToTarget', { sessionId: event.sessionId, message }).catch((error: unknown) => outcome.refusals.push(String(error)));
  });
  cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; error?: { message: string } };
    if (reply.id !== 1 || !asked.delete(event.sessionId)) return;
    if (reply.error) outcome.refusals.push(reply.error.message);
    else outcome.slowed += 1;
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return outcome;
}

async function waitForSync(context: BrowserContext, after: number | null): Promise<number> {
  const page = context.pages()[0];
  if (!page) throw new Error('no page');
  return waitForSavedCatalogue(page, after, SYNC_TIMEOUT_MS);
}

/**
 * Types `text` into the search box at a person's speed and measures, in the page, from the last key to the
 * moment the count above the cards names the expected total and the list is no longer waiting. A longer
 * word only narrows the matches, so the expected total on screen after the last key means its results are.
 */
interface TimedSearch {
  ms: number;
  /** In the page's clock: the first key, and when the results were on screen. */
  firstKey: number;
  shownAt: number;
}

async function timeSearch(page: Page, text: string, expectedTotal: number): Promise<TimedSearch> {
  const box = page.getByLabel('Search tools');
  await box.fill('');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="tools-count"]')?.textContent?.startsWith('Showing') === true &&
      !document.querySelector('ul[aria-label="Tools"][aria-busy="true"]'),
  );
  const expected = `of ${expectedTotal.toLocaleString('en-US')} ${expectedTotal === 1 ? 'tool' : 'tools'}`;
  // A string, not a function: the bench's TypeScript loader would add helpers the page does not have.
  await page.evaluate(`(() => {
    const want = ${JSON.stringify(expected)};
    const state = { firstKey: 0, lastKey: 0, shownAt: 0 };
    window.__search = state;
    const check = () => {
      const count = document.querySelector('[data-testid="tools-count"]')?.textContent ?? '';
      if (count.endsWith(want) && !document.querySelector('ul[aria-label="Tools"][aria-busy="true"]')) state.shownAt = performance.now();
    };
    // Also every frame after a key: when the word's last letter does not change the matches (all "grinde..."
    // tools are "grinder" tools), the right results are on screen already and nothing on the page changes.
    const frames = () => { if (state.shownAt < state.lastKey) { check(); requestAnimationFrame(frames); } };
    document.addEventListener('keydown', () => {
      state.lastKey = performance.now();
      if (state.firstKey === 0) state.firstKey = state.lastKey;
      requestAnimationFrame(frames);
    }, { capture: true });
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
  })()`);
  await box.pressSequentially(text, { delay: KEY_DELAY_MS });
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __search: { lastKey: number; shownAt: number } }).__search;
      return s.shownAt > 0 && s.shownAt >= s.lastKey;
    },
    null,
    { timeout: 30_000, polling: 50 },
  );
  return page.evaluate(() => {
    const s = (window as unknown as { __search: { firstKey: number; lastKey: number; shownAt: number } }).__search;
    return { ms: s.shownAt - s.lastKey, firstKey: s.firstKey, shownAt: s.shownAt };
  });
}

/**
 * The seeded admin restocks `CHANGED_TOOLS` tools through the API (Manage Products' edit: 10 more pieces
 * each), as the warehouse does after a delivery: their stock changes, so the next sync has those tools to
 * fetch. `page` picks a page of the catalogue (newest first) not restocked before. Returns the tools' ids.
 */
async function restockTools(baseUrl: string, adminToken: string, page: number): Promise<string[]> {
  const listed = (await (await fetch(`${baseUrl}/api/products?page=${page}&pageSize=${CHANGED_TOOLS}`)).json()) as {
    items: { _id: string; availableQnt: number }[];
  };
  if (listed.items.length !== CHANGED_TOOLS) throw new Error(`page ${page} of ${CHANGED_TOOLS} tools has ${listed.items.length}`);
  const queue = [...listed.items];
  const restock = async () => {
    for (let tool = queue.shift(); tool; tool = queue.shift()) {
      const res = await fetch(`${baseUrl}/api/products/${tool._id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ availableQnt: tool.availableQnt + 10 }),
      });
      if (!res.ok) throw new Error(`restocking a tool was refused: ${res.status} ${await res.text()}`);
    }
  };
  // A few at once, as Manage Products' edits would come from a few admins.
  await Promise.all(Array.from({ length: 5 }, restock));
  return listed.items.map((tool) => tool._id);
}

async function oneRun(baseUrl: string, totals: { online: number; offline: number }, changeTools: () => Promise<string[]>): Promise<RunFigures> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const workers = await throttleWorkers(cdp, CPU_SLOWDOWN);
    const bytes = countCatalogueBytes(context);
    await page.addInitScript(PAGE_PROBE);

    const navigated = Date.now();
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __bench: { firstOrderNow: number | null } }).__bench.firstOrderNow !== null, null, {
      timeout: 120_000,
      polling: 100,
    });
    const atFirstCard = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { firstOrderNow: number; longTasks: { start: number; duration: number }[] } }).__bench;
      return {
        firstOrderNow: bench.firstOrderNow,
        longTasks: bench.longTasks.filter((t) => t.start < bench.firstOrderNow).reduce((sum, t) => sum + t.duration, 0),
      };
    });
    // The dealer types a SKU at once, before the catalogue is saved on the device.
    const fresh = await timeSearch(page, OFFLINE_SEARCH, totals.offline);
    const searchFreshMs = fresh.ms;
    await page.getByLabel('Search tools').fill('');
    const clearedAt = await page.evaluate(() => performance.now());
    const syncedAt = await waitForSync(context, null).catch((error: unknown) => {
      const answered = bytes.answered().map((at) => `${((at - navigated) / 1000).toFixed(1)} s`);
      throw new Error(`${error instanceof Error ? error.message : String(error)}; sync answers arrived after ${answered.join(', ') || 'none'}`);
    });
    const firstSyncDoneMs = syncedAt - navigated;
    // Let the searches refreshed by the sync settle before counting.
    await page.waitForTimeout(2000);
    // A string, not a function (see timeSearch). The typed search's window runs from its first key until
    // the box was cleared after it: its renders are the search's, not the sync's.
    const after = (await page.evaluate(`(() => {
      const bench = window.__bench;
      const typing = { from: ${fresh.firstKey}, to: ${clearedAt} };
      const duringSync = bench.longTasks.filter(
        (t) => t.start >= bench.firstOrderNow && (t.start + t.duration <= typing.from || t.start >= typing.to),
      );
      return {
        domNodes: document.getElementsByTagName('*').length,
        cards: [...document.querySelectorAll('a')].filter((a) => a.textContent.trim() === 'Order Now').length,
        longTasksTotal: bench.longTasks.reduce((sum, t) => sum + t.duration, 0),
        longTasksDuringSync: duringSync.reduce((sum, t) => sum + t.duration, 0),
        syncLongTasks: duringSync.map((t) => ({ afterFirstCardMs: Math.round(t.start - bench.firstOrderNow), ms: Math.round(t.duration) })),
        longest: bench.longTasks.reduce((max, t) => Math.max(max, t.duration), 0),
      };
    })()`)) as {
      domNodes: number;
      cards: number;
      longTasksTotal: number;
      longTasksDuringSync: number;
      syncLongTasks: RunFigures['syncLongTasks'];
      longest: number;
    };
    const firstVisit = await bytes.take();

    const searchOnlineMs = (await timeSearch(page, ONLINE_SEARCH, totals.online)).ms;
    await context.setOffline(true);
    const searchOfflineMs = (await timeSearch(page, OFFLINE_SEARCH, totals.offline)).ms;
    await context.setOffline(false);
    await page.getByLabel('Search tools').fill('');
    // The searches' own requests (the server confirming the saved answers) are not the repeat visit's.
    await page.waitForTimeout(1000);
    await bytes.take();
    bytes.readTools();

    // A repeat visit after the admin restocked 100 tools: the saved copy is there, so the sync asks
    // only for what changed since. Its sync is the one after the latest so far: coming back online after
    // the offline search synced once more.
    const latestSync = await waitForSync(context, null);
    const changedTools = await changeTools();
    await page.reload({ waitUntil: 'commit' });
    await waitForSync(context, latestSync);
    await page.waitForTimeout(1000);
    const repeatVisit = await bytes.take();
    await context.close();
    return {
      firstOrderNowMs: atFirstCard.firstOrderNow,
      domNodes: after.domNodes,
      longTasksToFirstCardMs: atFirstCard.longTasks,
      longTasksTotalMs: after.longTasksTotal,
      longTasksDuringSyncMs: after.longTasksDuringSync,
      syncLongTasks: after.syncLongTasks,
      longestTaskMs: after.longest,
      firstSyncDoneMs,
      searchFreshMs,
      firstVisitBytes: firstVisit.bytes,
      firstVisitSyncBytes: firstVisit.syncBytes,
      firstVisitSyncAnswers: firstVisit.syncAnswered.length,
      firstCopyPageAskedMs: firstVisit.syncFirstAsked - navigated,
      firstCopyPageMs: (firstVisit.syncAnswered[0] ?? Number.NaN) - navigated,
      lastCopyPageMs: (firstVisit.syncAnswered.at(-1) ?? Number.NaN) - navigated,
      repeatVisitBytes: repeatVisit.bytes,
      repeatVisitSyncBytes: repeatVisit.syncBytes,
      repeatVisitSyncTools: repeatVisit.syncTools.length,
      repeatVisitSyncHadChangedTools: changedTools.filter((id) => repeatVisit.syncTools.includes(id)).length,
      workersSlowed: workers.slowed,
      workerSlowdownRefusals: workers.refusals,
      cards: after.cards,
      searchOnlineMs,
      searchOfflineMs,
    };
  } finally {
    await browser.close();
  }
}

/** Bytes of an answer as sent to a client that accepts Brotli (Node's fetch would decode it). */
async function compressedSize(url: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve(size));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (bytes: number) => `${round(bytes / 1024, 1).toLocaleString('en-US')} KB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

interface SizeOutcome {
  tables: Table[];
  budgets: BudgetCheck[];
  data: Record<string, unknown>;
  notes: string[];
}

/** One catalogue size on its own server and fresh data directory: the browser runs, then Lighthouse. */
async function measureSize(ctx: BenchContext, tools: number, staticDir: string): Promise<SizeOutcome> {
  const size = toolCount(tools);
  const dataDir = benchDir(`catalogue-scale-${tools}`);
  rmSync(dataDir, { recursive: true, force: true });
  ctx.log(`  ${size} tools: starting the server with SEED_PRODUCTS=${tools} on a fresh data directory`);
  // With the Auth emulator: the seeded admin restocks tools between the two visits.
  const server = await startServer({
    dataDir: benchDir(`catalogue-scale-${tools}`),
    readyTimeoutMs: 600_000,
    env: { STATIC_DIR: staticDir, SEED_PRODUCTS: String(tools) },
  });
  ctx.log(`  ${size} tools: server ready after ${Math.round(server.readyMs / 1000)} s (seeding included)`);
  try {
    // A fresh server: a token kept from an earlier one on the same address is not valid here.
    forgetAdminToken(server.baseUrl);
    const admin = await adminToken(server.baseUrl, server.authPort);
    const total = ((await (await fetch(`${server.baseUrl}/api/products?pageSize=1`)).json()) as { total: number }).total;
    const wholeList = (await (await fetch(`${server.baseUrl}/api/products`)).arrayBuffer()).byteLength;
    const wholeListCompressed = await compressedSize(`${server.baseUrl}/api/products`);
    const totalFor = async (q: string) =>
      ((await (await fetch(`${server.baseUrl}/api/products?${new URLSearchParams({ q, pageSize: '1' }).toString()}`)).json()) as { total: number }).total;
    const totals = { online: await totalFor(ONLINE_SEARCH), offline: await totalFor(OFFLINE_SEARCH) };
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      ctx.log(`  ${size} tools, run ${i + 1} of ${RUNS}: first visit at ${CPU_SLOWDOWN}x CPU slowdown, ${VIEWPORT.width} x ${VIEWPORT.height}`);
      runs.push(await oneRun(`http://localhost:${server.port}`, totals, () => restockTools(server.baseUrl, admin, i + 2)));
    }
    const oneTool = (await (await fetch(`${server.baseUrl}/api/products?page=2&pageSize=1`)).json()) as { items: unknown[] };
    const oneToolBytes = Buffer.byteLength(JSON.stringify(oneTool.items[0]));
    const allChangedTools = runs.every((r) => r.repeatVisitSyncHadChangedTools === CHANGED_TOOLS);
    ctx.log(`  ${size} tools: Lighthouse on the home page (mobile, 3 runs)`);
    const lighthouse = await medianAudit(`${server.baseUrl}/`, `home with ${size} tools`);
    const lighthouseScore = lighthouse.scores.performance ?? 0;
    type Figure = { [K in keyof RunFigures]: RunFigures[K] extends number ? K : never }[keyof RunFigures];
    const pick = (key: Figure) => median(runs.map((r) => r[key]));
    const figures = {
      firstOrderNowMs: pick('firstOrderNowMs'),
      domNodes: pick('domNodes'),
      cards: pick('cards'),
      longTasksToFirstCardMs: pick('longTasksToFirstCardMs'),
      longTasksDuringSyncMs: pick('longTasksDuringSyncMs'),
      longTasksTotalMs: pick('longTasksTotalMs'),
      longestTaskMs: pick('longestTaskMs'),
      firstSyncDoneMs: pick('firstSyncDoneMs'),
      firstVisitSyncAnswers: pick('firstVisitSyncAnswers'),
      firstCopyPageAskedMs: pick('firstCopyPageAskedMs'),
      firstCopyPageMs: pick('firstCopyPageMs'),
      lastCopyPageMs: pick('lastCopyPageMs'),
      searchFreshMs: pick('searchFreshMs'),
      firstVisitBytes: pick('firstVisitBytes'),
      firstVisitSyncBytes: pick('firstVisitSyncBytes'),
      repeatVisitBytes: pick('repeatVisitBytes'),
      repeatVisitSyncBytes: pick('repeatVisitSyncBytes'),
      repeatVisitSyncTools: pick('repeatVisitSyncTools'),
      searchOnlineMs: pick('searchOnlineMs'),
      searchOfflineMs: pick('searchOfflineMs'),
    };
    const spread = (key: Figure) => `${ms(pick(key))} (${ms(Math.min(...runs.map((r) => r[key])))}–${ms(Math.max(...runs.map((r) => r[key])))})`;
    const slowed = runs.reduce((sum, r) => sum + r.workersSlowed, 0);
    const refusals = [...new Set(runs.flatMap((r) => r.workerSlowdownRefusals))];
    const workerNote =
      slowed > 0 && refusals.length === 0
        ? `${size} tools: the catalogue's dedicated worker ran at the same ${CPU_SLOWDOWN}x CPU slowdown as the page (set through the DevTools protocol as it started; ${slowed} workers over ${RUNS} runs)`
        : `${size} tools: the ${CPU_SLOWDOWN}x CPU slowdown is on the page only: Chromium refused it for the catalogue's dedicated worker (${refusals.join('; ') || 'no worker seen'}), so the worker's sync and searches ran at this machine's full speed`;
    const offlineReadyMs = offlineReadyBudgetMs(tools);
    const at = `${size} tools: `;
    return {
      tables: [
        {
          title: `Home page with ${toolCount(total)} tools, Chromium ${CPU_SLOWDOWN}x CPU slowdown, first visit (median of ${RUNS})`,
          columns: [
            'first Order Now',
            'DOM nodes',
            'cards',
            'long tasks to first card',
            'long tasks during the first sync',
            'long tasks in all',
            'longest task',
            'first copy page asked for after',
            'first copy page arrived after',
            'last sync answer arrived after',
            'catalogue saved after',
          ],
          rows: [
            [
              ms(figures.firstOrderNowMs),
              figures.domNodes,
              figures.cards,
              ms(figures.longTasksToFirstCardMs),
              ms(figures.longTasksDuringSyncMs),
              ms(figures.longTasksTotalMs),
              ms(figures.longestTaskMs),
              spread('firstCopyPageAskedMs'),
              spread('firstCopyPageMs'),
              `${spread('lastCopyPageMs')} (${figures.firstVisitSyncAnswers} answers)`,
              spread('firstSyncDoneMs'),
            ],
          ],
        },
        {
          title: `Catalogue bytes on the wire with ${toolCount(total)} tools (API answers of the page and of the catalogue's worker, headers included)`,
          columns: [
            'first visit (first page, categories, whole catalogue once)',
            'of which the sync (worker)',
            `repeat visit after ${CHANGED_TOOLS} tools changed`,
            'of which the sync (worker)',
            'tools in that sync',
            "one tool's JSON",
            'GET /api/products, whole list, for comparison',
            'the same, Brotli',
          ],
          rows: [
            [
              kb(figures.firstVisitBytes),
              kb(figures.firstVisitSyncBytes),
              kb(figures.repeatVisitBytes),
              kb(figures.repeatVisitSyncBytes),
              figures.repeatVisitSyncTools,
              kb(oneToolBytes),
              kb(wholeList),
              kb(wholeListCompressed),
            ],
          ],
        },
        {
          title: `Search with ${toolCount(total)} tools as the dealer types (${KEY_DELAY_MS} ms between keys), from the last key to the results on screen, median (min–max)`,
          columns: [
            `first visit, typed at once, online: "${OFFLINE_SEARCH}"`,
            `after the first sync, online: "${ONLINE_SEARCH}" (${totals.online} tools)`,
            `offline: "${OFFLINE_SEARCH}" (${totals.offline} tools)`,
          ],
          rows: [[spread('searchFreshMs'), spread('searchOnlineMs'), spread('searchOfflineMs')]],
        },
        {
          title: `Lighthouse 12, mobile (simulated throttling), home page with ${toolCount(total)} tools, ${lighthouse.performanceRuns.length} runs: the median run's performance (each run's in brackets), the median of each timing (TBT of each run in brackets)`,
          columns: ['performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
          rows: [
            [
              `${lighthouseScore} (${lighthouse.performanceRuns.join(', ')})`,
              round(lighthouse.metricMedians.fcpMs ?? 0, 0),
              round(lighthouse.metricMedians.lcpMs ?? 0, 0),
              `${round(lighthouse.metricMedians.tbtMs ?? 0, 0)} (${(lighthouse.metricRuns.tbtMs ?? []).map((v) => Math.round(v)).join(', ')})`,
              round(lighthouse.metricMedians.cls ?? 0, 3),
            ],
          ],
        },
      ],
      budgets: [
        {
          budget: `${at}offline-ready (the whole copy saved) < ${offlineReadyMs / 1000} s after the first visit`,
          actual: ms(figures.firstSyncDoneMs),
          met: figures.firstSyncDoneMs < offlineReadyMs,
        },
        {
          budget: `${at}first Order Now < ${BUDGET_FIRST_ORDER_NOW_MS / 1000} s`,
          actual: ms(figures.firstOrderNowMs),
          met: figures.firstOrderNowMs < BUDGET_FIRST_ORDER_NOW_MS,
        },
        { budget: `${at}DOM nodes < ${toolCount(BUDGET_DOM_NODES)}`, actual: String(figures.domNodes), met: figures.domNodes < BUDGET_DOM_NODES },
        {
          budget: `${at}main-thread long tasks during the first sync < ${BUDGET_SYNC_LONG_TASKS_MS} ms in all`,
          actual: ms(figures.longTasksDuringSyncMs),
          met: figures.longTasksDuringSyncMs < BUDGET_SYNC_LONG_TASKS_MS,
        },
        {
          budget: `${at}long tasks in all (first card and first sync) < ${BUDGET_LONG_TASKS_MS} ms`,
          actual: ms(figures.longTasksTotalMs),
          met: figures.longTasksTotalMs < BUDGET_LONG_TASKS_MS,
        },
        {
          budget: `${at}a SKU typed at once on a first visit: results < ${BUDGET_FRESH_SEARCH_MS} ms`,
          actual: ms(figures.searchFreshMs),
          met: figures.searchFreshMs < BUDGET_FRESH_SEARCH_MS,
        },
        { budget: `${at}search results online < ${BUDGET_SEARCH_MS} ms`, actual: ms(figures.searchOnlineMs), met: figures.searchOnlineMs < BUDGET_SEARCH_MS },
        {
          budget: `${at}search results offline < ${BUDGET_SEARCH_MS} ms`,
          actual: ms(figures.searchOfflineMs),
          met: figures.searchOfflineMs < BUDGET_SEARCH_MS,
        },
        {
          budget: `${at}repeat visit downloads changes only (< 5% of the whole list)`,
          actual: kb(figures.repeatVisitBytes),
          met: figures.repeatVisitBytes < wholeList * 0.05,
        },
        {
          budget: `${at}repeat-visit sync after ${CHANGED_TOOLS} tools changed: all of them, < ${kb(BUDGET_REPEAT_SYNC_BYTES)} on the wire`,
          actual: `${kb(figures.repeatVisitSyncBytes)}, ${runs.map((r) => `${r.repeatVisitSyncHadChangedTools} of ${r.repeatVisitSyncTools}`).join('/')} tools`,
          met: allChangedTools && figures.repeatVisitSyncBytes < BUDGET_REPEAT_SYNC_BYTES,
        },
        {
          budget: `${at}Lighthouse mobile performance on home >= ${BUDGET_LIGHTHOUSE_PERFORMANCE}`,
          actual: String(lighthouseScore),
          met: lighthouseScore >= BUDGET_LIGHTHOUSE_PERFORMANCE,
        },
      ],
      data: {
        tools: total,
        serverReadyMs: Math.round(server.readyMs),
        wholeListBytes: wholeList,
        wholeListBrotliBytes: wholeListCompressed,
        oneToolBytes,
        changedTools: CHANGED_TOOLS,
        ...figures,
        runs,
        lighthouse,
      },
      notes: [
        workerNote,
        `${at}long tasks during the first sync, run by run (when each started after the first Order Now: how long): ${runs
          .map((r) => r.syncLongTasks.map((t) => `+${t.afterFirstCardMs} ms: ${t.ms} ms`).join(', ') || 'none')
          .join(' / ')}`,
        ...lighthouse.failedRuns.map((failure) => `${at}a Lighthouse run failed: ${failure}`),
      ],
    };
  } finally {
    await server.stop();
  }
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (!chromiumPath()) return skipped('no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)');
  const sizes = catalogueSizes('CATALOGUE_SCALE_SIZES', DEFAULT_SIZES);
  ctx.log('  building the PWA (vite build)');
  const build = await buildPwa();
  const measured: SizeOutcome[] = [];
  for (const tools of sizes) measured.push(await measureSize(ctx, tools, build.outDir));
  return {
    status: 'measured',
    tables: measured.flatMap((m) => m.tables),
    budgets: measured.flatMap((m) => m.budgets),
    data: { cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, sizes: measured.map((m) => m.data) },
    notes: [
      'before (issue, 5,000 tools, same slowdown): first Order Now after 21 s, 80,700 DOM nodes, 9.5 s of long tasks',
      `long tasks during the first sync: those after the first card until the copy was saved and the page settled (2 s), leaving out the typed search's own (from its first key until the box was cleared)`,
      ...measured.flatMap((m) => m.notes),
    ],
  };
}

export const catalogueScaleBenchmark: Benchmark = {
  id: 'catalogue-scale',
  title: 'Catalogue at trade scale (home page, 5,000 and 50,000 tools)',
  run,
  // Each size seeds its own catalogue, and 50,000 tools take minutes of browser runs.
  timeoutMs: 60 * 60_000,
};
