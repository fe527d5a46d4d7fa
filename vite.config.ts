import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import Beasties from 'beasties';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_CLICKS_BOOT, NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES } from './src/contract/prerendered-pages';
import { DASHBOARD_SCREENS, FRAMES_DIR, PRODUCT_FRAME_FILE } from './src/contract/screen-frames';

/**
 * Writes .br and .gz copies beside each hashed script and stylesheet; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so a phone on a slow network downloads a third of the bytes.
 */
function precompressAssets(): Plugin {
  return {
    name: 'forgeline-precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/^assets\/.+\.(?:js|css)$/u.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** How many downloads the boot script starts in one task. */
const PRELOADS_PER_TASK = 3;

/** What a page's boot script preloads besides the entry, and whether it keeps early taps (src/ui/early-clicks.ts). */
interface PageBoot {
  routeSources: string[];
  keepEarlyClicks: boolean;
}

/** The route chunks a frame's screen needs (src/router.tsx), preloaded with the entry: none for the shell. */
function frameRouteSources(file: string | null): string[] {
  if (file === null) return [];
  if (file === `${FRAMES_DIR}/${PRODUCT_FRAME_FILE}`) return ['src/routes/product.tsx'];
  const screen = (Object.keys(DASHBOARD_SCREENS) as (keyof typeof DASHBOARD_SCREENS)[]).find((key) => `${FRAMES_DIR}/${DASHBOARD_SCREENS[key].file}` === file);
  if (screen === undefined) return ['src/routes/dashboard.tsx'];
  return ['src/routes/dashboard.tsx', `src/routes/${screen === '/dashboard' ? 'dashboard-profile' : screen.slice('/dashboard/'.length)}.tsx`];
}

/**
 * Renders the public pages with the app's own components (src/prerender.tsx) into copies of the built
 * shell, so their text and hero paint before any script runs; the browser then hydrates them
 * (docs/architecture.md, "Prerendered public pages"). It runs before the service worker's precache list is
 * made, so the pages are precached too.
 */
function prerenderPublicPages(): Plugin {
  /** The screen each prerendered page shows (src/router.tsx), whose chunk its page preloads. */
  const PAGE_SOURCES: Record<(typeof PRERENDERED_PAGES)[number]['file'] | typeof NOT_FOUND_PAGE.file, string> = {
    'home.html': 'src/routes/home.tsx',
    'blogs.html': 'src/routes/blogs.tsx',
    'portfolio.html': 'src/routes/portfolio.tsx',
    'not-found.html': 'src/routes/not-found.tsx',
  };
  let root = process.cwd();
  return {
    name: 'forgeline-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(root, 'dist');
      const built = readFileSync(path.join(dir, 'index.html'), 'utf8');
      if (!built.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to prerender into');
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/u.exec(built);
      if (!entry?.[1]) throw new Error('index.html has no entry script');
      // The boot script below stands in for the one entry script; a second would run before the first paint.
      if ((built.match(/<script type="module"/gu) ?? []).length !== 1) throw new Error('index.html has more than one module script');
      const entryPreloads = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/gu)];
      const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/u.exec(built);
      if (!stylesheet?.[1]) throw new Error('index.html has no stylesheet');
      const stylesheetHref = stylesheet[1];
      if (readFileSync(path.join(dir, stylesheetHref), 'utf8').includes('</style')) throw new Error(`${stylesheetHref} cannot be inlined`);
      // The page keeps the stylesheet link until its critical rules are inlined (criticalCss below).
      const shell = entryPreloads.reduce((html, link) => html.replace(link[0], ''), built);
      /**
       * Only the rules the page's HTML uses go inline (beasties matches them against it), so the page paints
       * from its own bytes, a fraction of the whole stylesheet; the boot script loads the whole one before
       * the app starts, for what the app draws later. Without JavaScript the <noscript> link loads it.
       * beasties cannot match daisyUI's theme on :root, Tailwind's :where() spacing rules nor daisyUI's
       * :where(.drawer-side) (the dashboard's frames have the drawer): those are kept.
       */
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
      const criticalCss = async (html: string): Promise<string> => {
        const processed = await beasties.process(html);
        if (!/<style>[\s\S]+<\/style>/u.test(processed)) throw new Error('beasties inlined no critical CSS');
        const withoutLink = processed.replace(stylesheet[0], '').replace(' data-beasties-container', '');
        if (withoutLink.includes(`href="${stylesheetHref}"`)) throw new Error('the stylesheet link was not where beasties leaves it');
        return withoutLink.replace('</head>', `<noscript><link rel="stylesheet" href="${stylesheetHref}"></noscript></head>`);
      };
      /** A route's chunk and the chunks it imports statically. */
      const routeChunks = (source: string): string[] => {
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
      };
      /**
       * The page's script: the entry starts after the first frame, so the page paints before any script runs
       * (a module script would otherwise run, and hydrate, before the first paint). The entry's imports and
       * the screen's own route chunks are preloaded at that moment, so they download side by side. Only a
       * prerendered page, which is hydrated, keeps the taps on its buttons for the app to replay.
       */
      const bootScript = ({ routeSources, keepEarlyClicks }: PageBoot): string => {
        // The entry first: it is the largest download.
        const preloads = [...new Set([entry[1] ?? '', ...entryPreloads.map((link) => link[1] ?? ''), ...routeSources.flatMap(routeChunks)])].filter(Boolean);
        const boot = [
          ...(keepEarlyClicks ? [EARLY_CLICKS_BOOT] : []),
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
          `const stylesheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: ${JSON.stringify(stylesheetHref)} });`,
          "await new Promise((resolve) => { stylesheet.addEventListener('load', resolve); stylesheet.addEventListener('error', resolve); document.head.append(stylesheet); });",
          `await import(${JSON.stringify(entry[1])});`,
          '',
        ].join('\n');
        const file = `assets/paint-first-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
        writeFileSync(path.join(dir, file), boot);
        return `<script type="module" crossorigin src="/${file}"></script>`;
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
        const { prerender, prerenderFrames } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          prerender: (url: string) => Promise<{ html: string; routeId: string }>;
          prerenderFrames: () => { file: string | null; html: string; rootAttributes: Record<string, string> }[];
        };
        /** A page from rendered HTML: React's hoisted preloads in the head, the boot script, critical CSS, compressed copies. */
        const writePage = async (target: string, rendered: string, boot: PageBoot, rootAttributes: string) => {
          // React puts the preloads it hoists first; they belong in the head. The router's scroll-restoration
          // script removes itself on the client, so the hydrated tree never has it, and the CSP forbids it.
          const preloads = rendered.match(/^(?:<link [^>]*\/>)+/u)?.[0] ?? '';
          const body = rendered.slice(preloads.length).replace(/<script>[\s\S]*?<\/script>/gu, '');
          if (/<script/u.test(body)) throw new Error(`${target}: a prerendered page may not carry inline scripts`);
          const html = await criticalCss(
            shell
              .replace(entry[0], bootScript(boot))
              .replace('</head>', `${preloads}</head>`)
              .replace('<div id="root"></div>', `<div id="root"${rootAttributes}>${body}</div>`),
          );
          writeFileSync(target, html);
          writeFileSync(`${target}.br`, brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }));
        };
        mkdirSync(path.join(dir, PRERENDERED_DIR), { recursive: true });
        for (const { path: url, file } of [...PRERENDERED_PAGES, NOT_FOUND_PAGE]) {
          const { html: rendered, routeId } = await prerender(url);
          await writePage(
            path.join(dir, PRERENDERED_DIR, file),
            rendered,
            { routeSources: [PAGE_SOURCES[file]], keepEarlyClicks: true },
            ` data-prerendered-route="${routeId}"`,
          );
        }
        // The shell and the screens' frames serve every screen that is not prerendered: they paint the
        // screen's frame before the scripts run, and the app's first render replaces it (src/ui/app-frame.tsx).
        mkdirSync(path.join(dir, PRERENDERED_DIR, FRAMES_DIR), { recursive: true });
        for (const frame of prerenderFrames()) {
          const attributes = Object.entries(frame.rootAttributes)
            .map(([name, value]) => ` ${name}="${value}"`)
            .join('');
          const target = frame.file === null ? path.join(dir, 'index.html') : path.join(dir, PRERENDERED_DIR, frame.file);
          await writePage(target, frame.html, { routeSources: frameRouteSources(frame.file), keepEarlyClicks: false }, attributes);
        }
      } finally {
        await server.close();
      }
    },
  };
}

// The PWA is built into dist/ and served by the API server (one origin: docs/architecture.md, "Request flow").
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompressAssets(),
    prerenderPublicPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // What Chromium needs to offer installing the app, plus screenshots for its richer install sheet
      // (docs/architecture.md, "Offline").
      manifest: {
        id: '/',
        name: 'Forgeline Power Tools',
        short_name: 'Forgeline',
        description: 'Order Forgeline power tools in bulk for your store: browse the catalogue and place orders even without a connection.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#c2410c',
        background_color: '#ffffff',
        categories: ['business', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/catalogue-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The Forgeline tool catalogue on a tablet in landscape',
          },
          {
            src: '/screenshots/catalogue-narrow.png',
            sizes: '412x915',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The Forgeline tool catalogue on a phone',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2,webmanifest}'],
        // Screenshots are for the install sheet only; the app never shows them. The purchase page's frame is
        // a template only the server fills in.
        globIgnores: ['screenshots/**', `${PRERENDERED_DIR}/${FRAMES_DIR}/${PRODUCT_FRAME_FILE}`],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
