// Scanning with the tablet's camera (docs/decisions/048-barcodes-on-the-counter.md), offline: Chromium's
// camera plays a video of a printed EAN-13 (e2e/fake-camera.ts), the app's own reader (the browser's
// BarcodeDetector, or the bundled WebAssembly reader the service worker precached) reads it, and the tool goes
// on the pad; the same code held in view counts once.

import { gtinCheckDigit } from '../src/contract/gtin';
import { chromiumPath, e2eEnv } from '../playwright.config';
import { barcodeVideo } from './fake-camera';
import { expect, test } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';
import { expectNoViolations } from './screen-helpers';

function freshGtin(): string {
  const body = `0614141${String(20_000 + Math.floor(Math.random() * 79_999)).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

test('offline, the camera reads a box’s barcode and the tool goes on the pad once', async ({ playwright, createUser, createProduct }) => {
  test.setTimeout(120_000);
  const gtin = freshGtin();
  const drill = await createProduct({ name: 'Camera Journey Drill', price: 120, availableQnt: 50, minOrderQnt: 2, gtin });
  const dealer = await createUser({ displayName: 'Cam Counter' });

  const video = await barcodeVideo(gtin);
  const browser = await playwright.chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['camera'], { origin: e2eEnv.baseURL });
    const page = await context.newPage();
    await dealerReady(page, dealer, [drill]);
    await page.goto('/dashboard/order-pad');
    await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toBeVisible();
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
