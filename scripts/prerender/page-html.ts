// The pure part of prerendering: reading the built shell, writing a page's boot script, and putting a
// rendered screen into a copy of the shell. The Vite plugin (./plugin.ts) does the files and the rendering.

import { AUTH_SCREENS, DASHBOARD_SCREENS, FRAMES_DIR, PRODUCT_FRAME_FILE } from '../../src/contract/screen-frames';
import { EARLY_CLICKS_BOOT } from '../../src/contract/prerendered-pages';

/** How many downloads the boot script starts in one task. */
export const PRELOADS_PER_TASK = 3;

/** What the build wrote into index.html, and the shell every page is made from. */
export interface BuiltShell {
  /** index.html without the entry's modulepreload links (the boot script starts those downloads). */
  html: string;
  /** The entry's <script> tag, and its address. */
  entryTag: string;
  entrySrc: string;
  /** What the entry imports, preloaded with it. */
  entryPreloads: string[];
  /** The stylesheet's <link> tag, and its address. */
  stylesheetTag: string;
  stylesheetHref: string;
}

/** Reads index.html as the build wrote it; throws when it is not the shape the pages are made from. */
export function readShell(built: string): BuiltShell {
  if (!built.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to prerender into');
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/u.exec(built);
  if (!entry?.[1]) throw new Error('index.html has no entry script');
  // The boot script stands in for the one entry script; a second would run before the first paint.
  if ((built.match(/<script type="module"/gu) ?? []).length !== 1) throw new Error('index.html has more than one module script');
  const links = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/gu)];
  const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/u.exec(built);
  if (!stylesheet?.[1]) throw new Error('index.html has no stylesheet');
  return {
    html: links.reduce((html, link) => html.replace(link[0], ''), built),
    entryTag: entry[0],
    entrySrc: entry[1],
    entryPreloads: links.map((link) => link[1] ?? '').filter(Boolean),
    stylesheetTag: stylesheet[0],
    stylesheetHref: stylesheet[1],
  };
}

/** The route chunks a frame's screen needs (src/router.tsx), preloaded with the entry: none for the shell. */
export function frameRouteSources(file: string | null): string[] {
  if (file === null) return [];
  if (file === `${FRAMES_DIR}/${PRODUCT_FRAME_FILE}`) return ['src/routes/product.tsx'];
  const auth = (Object.keys(AUTH_SCREENS) as (keyof typeof AUTH_SCREENS)[]).find((key) => `${FRAMES_DIR}/${AUTH_SCREENS[key].file}` === file);
  if (auth !== undefined) return [`src/routes${auth}.tsx`];
  const screen = (Object.keys(DASHBOARD_SCREENS) as (keyof typeof DASHBOARD_SCREENS)[]).find((key) => `${FRAMES_DIR}/${DASHBOARD_SCREENS[key].file}` === file);
  if (screen === undefined) return ['src/routes/dashboard.tsx'];
  return ['src/routes/dashboard.tsx', `src/routes/${screen === '/dashboard' ? 'dashboard-profile' : screen.slice('/dashboard/'.length)}.tsx`];
}

/**
 * A page's script: the entry starts after the first frame, so the page paints before any script runs (a
 * module script would otherwise run, and hydrate, before the first paint). The entry, its imports and the
 * screen's own chunks are preloaded at that moment, so they download side by side. Every page keeps the taps
 * on its buttons, and its focus, until the app has drawn it, for the app to replay (src/ui/early-clicks.ts).
 */
export function bootScript(shell: BuiltShell, routeChunks: string[]): string {
  // The entry first: it is the largest download.
  const preloads = [...new Set([shell.entrySrc, ...shell.entryPreloads, ...routeChunks])].filter(Boolean);
  return [
    EARLY_CLICKS_BOOT,
    'await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));',
    // Starting a download costs the page's thread a millisecond or more: a few per task, so the loop is
    // no long task on a slow phone.
    `for (const [i, href] of ${JSON.stringify(preloads)}.entries()) {`,
    `  if (i > 0 && i % ${PRELOADS_PER_TASK} === 0) await new Promise((resolve) => setTimeout(resolve, 0));`,
    "  const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });",
    '  document.head.append(link);',
    '}',
    // The whole stylesheet, loaded before the app starts: what the app draws later is styled from its
    // first frame. A stylesheet that fails to load does not keep the app from starting.
    `const stylesheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: ${JSON.stringify(shell.stylesheetHref)} });`,
    "await new Promise((resolve) => { stylesheet.addEventListener('load', resolve); stylesheet.addEventListener('error', resolve); document.head.append(stylesheet); });",
    `await import(${JSON.stringify(shell.entrySrc)});`,
    '',
  ].join('\n');
}

/**
 * A rendered screen in a copy of the shell: React's hoisted preloads go into the head, the boot script
 * replaces the entry, the markup fills #root. The router's scroll-restoration script removes itself on the
 * client, so the hydrated tree never has it, and the Content-Security-Policy forbids it: it is dropped, and
 * any other inline script is refused.
 */
export function pageHtml(shell: BuiltShell, rendered: string, bootTag: string, rootAttributes: Record<string, string>, name: string): string {
  const preloads = rendered.match(/^(?:<link [^>]*\/>)+/u)?.[0] ?? '';
  const body = rendered.slice(preloads.length).replace(/<script>[\s\S]*?<\/script>/gu, '');
  if (/<script/u.test(body)) throw new Error(`${name}: a prerendered page may not carry inline scripts`);
  const attributes = Object.entries(rootAttributes)
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join('');
  return shell.html
    .replace(shell.entryTag, bootTag)
    .replace('</head>', `${preloads}</head>`)
    .replace('<div id="root"></div>', `<div id="root"${attributes}>${body}</div>`);
}

/**
 * The page with its critical rules inline (`inlined` is what beasties made of it) and without the
 * stylesheet's link, which only a browser without JavaScript still loads (<noscript>).
 */
export function withoutStylesheetLink(shell: BuiltShell, inlined: string): string {
  if (!/<style>[\s\S]+<\/style>/u.test(inlined)) throw new Error('beasties inlined no critical CSS');
  const withoutLink = inlined.replace(shell.stylesheetTag, '').replace(' data-beasties-container', '');
  if (withoutLink.includes(`href="${shell.stylesheetHref}"`)) throw new Error('the stylesheet link was not where beasties leaves it');
  return withoutLink.replace('</head>', `<noscript><link rel="stylesheet" href="${shell.stylesheetHref}"></noscript></head>`);
}
