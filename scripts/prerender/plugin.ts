// The build's own Vite plugins: compressed copies of the assets, and the prerendered public pages and
// screen frames (docs/architecture.md, "Prerendered public pages"). What a page is made of is in ./page-html.ts.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { createServer, type Plugin, type Rollup } from 'vite';
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES } from '../../src/contract/prerendered-pages';
import { FRAMES_DIR } from '../../src/contract/screen-frames';
import { bootScript, frameRouteSources, pageHtml, readShell, withoutStylesheetLink, type BuiltShell } from './page-html';

function writeCompressed(file: string, data: Buffer | string, quality = 11): void {
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data) } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

/**
 * Writes .br and .gz copies beside each hashed script, stylesheet and WebAssembly binary (the camera's barcode
 * reader); the server sends them to browsers that accept them (@fastify/static preCompressed), so a phone on a
 * slow network downloads a third of the bytes.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'forgeline-precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/^assets\/.+\.(?:js|css|wasm)$/u.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = readFileSync(file);
        if (data.length >= 1024) writeCompressed(file, data);
      }
    },
  };
}

/** A route's chunk and the chunks it imports statically, as addresses. */
function routeChunks(bundle: Rollup.OutputBundle, root: string, source: string): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const next of chunk.imports) visit(next);
  };
  const route = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId === path.join(root, source));
  if (!route) throw new Error(`${source} is no route chunk of the build`);
  visit(route.fileName);
  return [...files].map((file) => `/${file}`);
}

/**
 * Only the rules the page's HTML uses go inline (beasties matches them against it), so the page paints from
 * its own bytes, a fraction of the whole stylesheet; the boot script loads the whole one before the app
 * starts, for what the app draws later. beasties cannot match daisyUI's theme on :root, Tailwind's :where()
 * spacing rules nor daisyUI's :where(.drawer-side) (the dashboard's frames have the drawer): those are kept.
 */
function criticalCss(dir: string, shell: BuiltShell): (html: string) => Promise<string> {
  if (readFileSync(path.join(dir, shell.stylesheetHref), 'utf8').includes('</style')) throw new Error(`${shell.stylesheetHref} cannot be inlined`);
  const beasties = new Beasties({
    path: dir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    keyframes: 'critical',
    logLevel: 'warn',
    allowRules: [/data-theme/u, /:root/u, /^:where\(\.[\w\\:-]*(?:space|divide)-/u, /^:where\(\.drawer-side\)$/u],
  });
  return async (html) => withoutStylesheetLink(shell, await beasties.process(html));
}

/** The screen each prerendered page shows (src/router.tsx), whose chunk its page preloads. */
const PAGE_SOURCES: Record<(typeof PRERENDERED_PAGES)[number]['file'] | typeof NOT_FOUND_PAGE.file, string> = {
  'home.html': 'src/routes/home.tsx',
  'blogs.html': 'src/routes/blogs.tsx',
  'portfolio.html': 'src/routes/portfolio.tsx',
  'not-found.html': 'src/routes/not-found.tsx',
};

interface Prerendered {
  prerender: (url: string) => Promise<{ html: string; routeId: string }>;
  prerenderFrames: () => { file: string | null; html: string; rootAttributes: Record<string, string> }[];
}

/**
 * Renders the public pages with the app's own components (src/prerender.tsx) into copies of the built
 * shell, so their text and hero paint before any script runs; the browser then hydrates them. It runs
 * before the service worker's precache list is made, so the pages are precached too.
 */
export function prerenderPublicPages(): Plugin {
  let root = process.cwd();
  return {
    name: 'forgeline-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, 'dist');
      const shell = readShell(readFileSync(path.join(dir, 'index.html'), 'utf8'));
      const inline = criticalCss(dir, shell);
      const bootTag = (sources: string[]): string => {
        const boot = bootScript(
          shell,
          sources.flatMap((source) => routeChunks(bundle, root, source)),
        );
        const file = `assets/paint-first-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
        writeFileSync(path.join(dir, file), boot);
        return `<script type="module" crossorigin src="/${file}"></script>`;
      };
      const writePage = async (target: string, html: string) => {
        const page = await inline(html);
        writeFileSync(target, page);
        writeCompressed(target, page);
      };
      const server = await createServer({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        // No file watcher: it would keep the build's process alive after the build.
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        // Bundled for Node: its package has no ES module entry Node can import.
        ssr: { noExternal: ['workbox-window'] },
      });
      try {
        const { prerender, prerenderFrames } = (await server.ssrLoadModule('/src/prerender.tsx')) as Prerendered;
        mkdirSync(path.join(dir, PRERENDERED_DIR, FRAMES_DIR), { recursive: true });
        for (const { path: url, file } of [...PRERENDERED_PAGES, NOT_FOUND_PAGE]) {
          const { html, routeId } = await prerender(url);
          const target = path.join(dir, PRERENDERED_DIR, file);
          await writePage(target, pageHtml(shell, html, bootTag([PAGE_SOURCES[file]]), { 'data-prerendered-route': routeId }, file));
        }
        // The shell and the screens' frames serve every screen that is not prerendered: they paint the
        // screen's frame before the scripts run, and the app's first render replaces it (src/ui/app-frame.tsx).
        for (const frame of prerenderFrames()) {
          const target = frame.file === null ? path.join(dir, 'index.html') : path.join(dir, PRERENDERED_DIR, frame.file);
          await writePage(target, pageHtml(shell, frame.html, bootTag(frameRouteSources(frame.file)), frame.rootAttributes, frame.file ?? 'index.html'));
        }
      } finally {
        await server.close();
      }
    },
  };
}
