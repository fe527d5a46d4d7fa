// Chromium must find the app installable (docs/architecture.md, "Offline"). Installability is only
// reported in a normal profile: incognito contexts (every non-persistent Playwright context) always say
// 'in-incognito'.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath, e2eEnv } from '../playwright.config';
import { expect, test } from './fixtures';

test('Chromium reports no installability errors, and the manifest has what the install sheet needs', async () => {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'forgeline-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL: e2eEnv.baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The worker is part of what makes the app work offline; wait until it controls the page.
    await page
      .evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
      })
      .catch(async () => page.reload());

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);

    const { errors, url } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; url: string };
    expect(errors).toEqual([]);
    expect(url).toBe(`${e2eEnv.baseURL}/manifest.webmanifest`);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Forgeline', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    // Every image the manifest names is served, as a PNG of the size it claims.
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await page.request.get(image.src);
      expect(response.status(), image.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const bytes = await response.body();
      const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(appleIcon ?? '')).status()).toBe(200);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#c2410c');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
