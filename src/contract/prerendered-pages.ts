// The public pages the build renders to HTML (docs/architecture.md, "Prerendered public pages"): the path
// each is rendered at and its file under dist/prerendered/. The server and the service worker answer
// navigations to these paths with the file; any path no client route knows gets the not-found page.

export const PRERENDERED_PAGES = [
  { path: '/', file: 'home.html' },
  { path: '/blogs', file: 'blogs.html' },
  { path: '/portfolio', file: 'portfolio.html' },
] as const;

/** Rendered at a path no route knows; sent, with status 404, for every path outside the client's routes. */
export const NOT_FOUND_PAGE = { path: '/404', file: 'not-found.html' } as const;

export const PRERENDERED_DIR = 'prerendered';

/** Paths the client router shows a screen for (src/router.tsx); anything else is its not-found screen. */
const CLIENT_ROUTES = [/^\/$/u, /^\/(?:login|register|blogs|portfolio)\/?$/u, /^\/products\/[^/]+\/?$/u, /^\/dashboard(?:\/.*)?$/u];

export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTES.some((route) => route.test(pathname));
}

/** The prerendered file for a navigation to `pathname`, or null when the shell (index.html) serves it. */
export function prerenderedFileFor(pathname: string): string | null {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.path === pathname || `${candidate.path}/` === pathname);
  if (page) return page.file;
  return isClientRoute(pathname) ? null : NOT_FOUND_PAGE.file;
}

/**
 * The start of every page's boot script: keeps the buttons clicked, and the element focused, before the app
 * has drawn the page, for src/ui/early-clicks.ts to hand to the app's own buttons once it has.
 */
export const EARLY_CLICKS_BOOT = [
  'const early = [];',
  'let focused = null;',
  "const keep = (event) => { const button = event.target instanceof Element ? event.target.closest('button') : null; if (button) early.push(button); };",
  'const focus = (event) => { focused = event.target instanceof Element ? event.target : null; };',
  "document.addEventListener('click', keep, true);",
  "document.addEventListener('focusin', focus, true);",
  "window.__forgelineEarlyClicks = { take() { document.removeEventListener('click', keep, true); document.removeEventListener('focusin', focus, true); return { clicked: early.splice(0), focused }; } };",
].join('\n');
