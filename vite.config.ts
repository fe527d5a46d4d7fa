import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

// The PWA is built into dist/ and served by the API server (one origin, DESIGN section 3).
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompressAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // DESIGN section 9: what Chromium needs to offer installing the app, plus screenshots for its richer install sheet.
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
          { src: '/screenshots/catalogue-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The Forgeline tool catalogue on a tablet in landscape' },
          { src: '/screenshots/catalogue-narrow.png', sizes: '412x915', type: 'image/png', form_factor: 'narrow', label: 'The Forgeline tool catalogue on a phone' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2,webmanifest}'],
        // Screenshots are for the install sheet only; the app never shows them.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
