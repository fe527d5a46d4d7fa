// Scanning with the tablet's camera (docs/decisions/048-barcodes-on-the-counter.md), offline: Chromium's
// camera plays a video of a printed EAN-13 (e2e/fake-camera.ts), the app's own reader (the browser's
// BarcodeDetector, or the bundled WebAssembly reader the service worker keeps for a signed-in dealer) reads it,
// and the tool goes on the pad; the same code held in view counts once. A device that never saved the reader
// says so offline instead of watching for ever.

import { gtinCheckDigit } from '../src/contract/gtin';
import { chromiumPath, e2eEnv } from '../playwright.config';
import { barcodeVideo } from './fake-camera';
import type { Browser, BrowserType, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';
import { expectNoViolations } from './screen-helpers';

function freshGtin(): string {
  const body = `0614141${String(20_000 + Math.floor(Math.random() * 79_999)).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** How many copies of the barcode reader the service worker keeps (src/features/order-pad/keep-barcode-reader.ts). */
const savedReaders = (page: Page) => page.evaluate(async () => (await (await caches.open('barcode-reader')).keys()).length);

async function cameraBrowser(playwright: { chromium: BrowserType }, gtin: string): Promise<Browser> {
  const video = await barcodeVideo(gtin);
  return playwright.chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

test('offline, the camera reads a box’s barcode and the tool goes on the pad once', async ({ playwright, createUser, createProduct }) => {
  test.setTimeout(240_000);
  const gtin = freshGtin();
  const drill = await createProduct({ name: 'Camera Journey Drill', price: 120, availableQnt: 50, minOrderQnt: 2, gtin });
  const dealer = await createUser({ displayName: 'Cam Counter' });

  const browser = await cameraBrowser(playwright, gtin);
  try {
    const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera'], { origin: e2eEnv.baseURL });
    const page = await context.newPage();
    await dealerReady(page, dealer, [drill]);
    await page.goto('/dashboard/order-pad');
    await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toBeVisible();
    // The dealer's app keeps the reader once the page is idle; offline, the camera reads with that copy.
    await expect.poll(() => savedReaders(page), { timeout: 30_000 }).toBe(1);
    await context.setOffline(true);

    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(dialog.getByTestId('camera-scan-result')).toHaveText(`Scanned: 2 pcs. of ${drill.name} added, 2 pcs. on the pad.`, { timeout: 30_000 });
    await page.screenshot({ path: '.tmp/screens/pad-camera-scan-1280.png' });
    await expectNoViolations(page, 'the camera scan dialog');
    // The code stays in view: it is not counted again while it does.
    await page.waitForTimeout(1000);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const pad = await readStore<{ productId: string; quantity: number }>(page, 'orderPad');
    expect(pad.filter((line) => line.productId === drill._id).map((line) => line.quantity)).toEqual([2]);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('offline on a device that never saved the barcode reader, the camera says so instead of watching for ever', async ({
  playwright,
  createUser,
  createProduct,
}) => {
  test.setTimeout(240_000);
  const gtin = freshGtin();
  const drill = await createProduct({ name: 'Camera Unsaved Drill', price: 120, availableQnt: 50, minOrderQnt: 2, gtin });
  const dealer = await createUser({ displayName: 'Cam Unsaved' });
  const browser = await cameraBrowser(playwright, gtin);
  try {
    const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera'], { origin: e2eEnv.baseURL });
    // The reader's WebAssembly never arrives (a connection that dropped it): the device does not hold it.
    await context.route('**/*.wasm', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await dealerReady(page, dealer, [drill]);
    await page.goto('/dashboard/order-pad');
    await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toBeVisible();
    expect(await savedReaders(page)).toBe(0);
    await context.setOffline(true);

    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'The barcode reader is not saved on this device yet: open the app once with a connection, then the camera scans offline too. Until then, type the number or use a barcode scanner.',
      { timeout: 30_000 },
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  } finally {
    await browser.close();
  }
});
