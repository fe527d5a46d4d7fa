// How a prerendered page is made from the built shell: what is read from index.html, the boot script
// that starts the app after the first paint, and the rendered screen put into the shell.

import { describe, expect, it } from 'vitest';
import { EARLY_CLICKS_BOOT } from '../../src/contract/prerendered-pages';
import { FRAMES_DIR, PRODUCT_FRAME_FILE } from '../../src/contract/screen-frames';
import { bootScript, frameRouteSources, PRELOADS_PER_TASK, pageHtml, readShell, withoutStylesheetLink } from '../../scripts/prerender/page-html';

const ENTRY = '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>';
const STYLESHEET = '<link rel="stylesheet" crossorigin href="/assets/index-Ef567890.css">';
const BUILT = [
  '<!doctype html><html lang="en"><head><title>Forgeline</title>',
  ENTRY,
  '<link rel="modulepreload" crossorigin href="/assets/react-11111111.js">',
  '<link rel="modulepreload" crossorigin href="/assets/router-22222222.js">',
  STYLESHEET,
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('reading the built shell', () => {
  it('finds the entry, its preloads and the stylesheet, and drops the preload links from the shell', () => {
    const shell = readShell(BUILT);
    expect(shell).toMatchObject({
      entryTag: ENTRY,
      entrySrc: '/assets/index-AbCd1234.js',
      entryPreloads: ['/assets/react-11111111.js', '/assets/router-22222222.js'],
      stylesheetTag: STYLESHEET,
      stylesheetHref: '/assets/index-Ef567890.css',
    });
    expect(shell.html).not.toContain('modulepreload');
    expect(shell.html).toContain(ENTRY);
  });

  it.each([
    ['no empty root', BUILT.replace('<div id="root"></div>', '<div id="root">x</div>'), 'no empty #root'],
    ['no entry script', BUILT.replace(ENTRY, ''), 'no entry script'],
    ['two module scripts', BUILT.replace(ENTRY, ENTRY + '<script type="module" src="/x.js"></script>'), 'more than one module script'],
    ['no stylesheet', BUILT.replace(STYLESHEET, ''), 'no stylesheet'],
  ])('refuses a shell with %s', (_label, built, message) => {
    expect(() => readShell(built)).toThrow(message);
  });
});

describe('the route chunks a frame preloads', () => {
  it('preloads none for the shell, the purchase page for its frame, and the dashboard with the screen for a dashboard frame', () => {
    expect(frameRouteSources(null)).toEqual([]);
    expect(frameRouteSources(`${FRAMES_DIR}/${PRODUCT_FRAME_FILE}`)).toEqual(['src/routes/product.tsx']);
    expect(frameRouteSources(`${FRAMES_DIR}/dashboard-profile.html`)).toEqual(['src/routes/dashboard.tsx', 'src/routes/dashboard-profile.tsx']);
    expect(frameRouteSources(`${FRAMES_DIR}/dashboard-my-orders.html`)).toEqual(['src/routes/dashboard.tsx', 'src/routes/my-orders.tsx']);
    expect(frameRouteSources(`${FRAMES_DIR}/dashboard.html`)).toEqual(['src/routes/dashboard.tsx']);
    expect(frameRouteSources(`${FRAMES_DIR}/login.html`)).toEqual(['src/routes/login.tsx']);
    expect(frameRouteSources(`${FRAMES_DIR}/register.html`)).toEqual(['src/routes/register.tsx']);
  });
});

describe('the boot script', () => {
  const shell = readShell(BUILT);

  it('waits for the first frame, preloads the entry first and each chunk once, loads the stylesheet, then starts the app', () => {
    const boot = bootScript(shell, ['/assets/home-33333333.js', '/assets/react-11111111.js']);
    const preloads = JSON.parse(/for \(const \[i, href\] of (\[.*?\])\.entries\(\)\)/u.exec(boot)?.[1] ?? '[]') as string[];
    expect(preloads).toEqual(['/assets/index-AbCd1234.js', '/assets/react-11111111.js', '/assets/router-22222222.js', '/assets/home-33333333.js']);
    expect(boot).toContain(`i % ${PRELOADS_PER_TASK} === 0`);
    const order = ['requestAnimationFrame', "rel: 'modulepreload'", 'href: "/assets/index-Ef567890.css"', 'await import("/assets/index-AbCd1234.js")'].map(
      (part) => boot.indexOf(part),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('keeps the early taps and focus from its start, before it waits for anything', () => {
    expect(bootScript(shell, []).startsWith(EARLY_CLICKS_BOOT)).toBe(true);
  });
});

describe('a page from a rendered screen', () => {
  const shell = readShell(BUILT);
  const BOOT = '<script type="module" crossorigin src="/assets/paint-first-0000aaaa.js"></script>';

  it('puts hoisted preloads in the head, the boot script for the entry, and the markup with its attributes in #root', () => {
    const rendered = '<link rel="preload" as="image" href="/hero.webp"/><main><h1>Tools</h1></main><script>window.scrollTo(0,0)</script>';
    const html = pageHtml(shell, rendered, BOOT, { 'data-prerendered-route': '/' }, 'home.html');
    expect(html).toContain(`${BOOT}`);
    expect(html).not.toContain(ENTRY);
    expect(html).toContain('<link rel="preload" as="image" href="/hero.webp"/></head>');
    expect(html).toContain('<div id="root" data-prerendered-route="/"><main><h1>Tools</h1></main></div>');
    expect(html).not.toContain('scrollTo');
  });

  it('refuses a page that would carry another inline script', () => {
    expect(() => pageHtml(shell, '<main><script type="text/javascript">alert(1)</script></main>', BOOT, {}, 'home.html')).toThrow(
      'home.html: a prerendered page may not carry inline scripts',
    );
  });

  it('drops the stylesheet link once the critical rules are inline, and keeps it for browsers without scripts', () => {
    const inlined = `<html><head><style>h1{color:red}</style>${STYLESHEET}</head><body data-beasties-container></body></html>`;
    const html = withoutStylesheetLink(shell, inlined);
    expect(html).toContain('<style>h1{color:red}</style><noscript><link rel="stylesheet" href="/assets/index-Ef567890.css"></noscript></head>');
    expect(html).not.toContain('data-beasties-container');
    expect(() => withoutStylesheetLink(shell, `<html><head>${STYLESHEET}</head></html>`)).toThrow('inlined no critical CSS');
    expect(() => withoutStylesheetLink(shell, `<html><head><style>a{}</style><link href="/assets/index-Ef567890.css" rel="stylesheet"></head></html>`)).toThrow(
      'not where beasties leaves it',
    );
  });
});
