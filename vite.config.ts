import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDERED_DIR } from './src/contract/prerendered-pages';
import { FRAMES_DIR, PRODUCT_FRAME_FILE } from './src/contract/screen-frames';
import { precompressAssets, prerenderPublicPages } from './scripts/prerender/plugin';

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
        // The installed app opens .csv files and takes text shared to it into the order pad's list import
        // (src/features/order-pad/pad-import.tsx).
        file_handlers: [{ action: '/dashboard/order-pad', accept: { 'text/csv': ['.csv'] } }],
        share_target: { action: '/dashboard/order-pad', method: 'GET', enctype: 'application/x-www-form-urlencoded', params: { text: 'text' } },
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
        // One classic script: the offline engine's front doors load their parts with import(), which this
        // format inlines without the page's preload helper (a classic service worker cannot run import.meta).
        rollupFormat: 'iife',
        // Not the camera's barcode reader (WebAssembly, a third of the install): the worker keeps it once a
        // signed-in dealer's app fetched it (src/features/order-pad/keep-barcode-reader.ts, decision 048).
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
