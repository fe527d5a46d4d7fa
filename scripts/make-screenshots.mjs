// Takes the manifest's screenshots of the real app (the home page with the seeded catalogue):
// a wide one for tablets and desktops and a narrow one for phones, into public/screenshots/.
// Start the app first (npm start), then: node scripts/make-screenshots.mjs [base URL]
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const shots = [
  { file: 'public/screenshots/catalogue-wide.png', width: 1280, height: 800 },
  { file: 'public/screenshots/catalogue-narrow.png', width: 412, height: 915 },
];

await mkdir('public/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { file, width, height } of shots) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.goto(base, { waitUntil: 'networkidle' });
    // The tools section shows what the app is for: the catalogue, with pictures loaded.
    await page.getByRole('link', { name: 'Order Now' }).first().waitFor();
    await page.evaluate(() => {
      const el = document.getElementById('tools');
      // Instant: the page scrolls smoothly by default, and a screenshot mid-scroll tears.
      if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 64, behavior: 'instant' });
    });
    // Lazy pictures start loading once scrolled into view; wait for the ones on screen.
    await page.waitForFunction(() =>
      Array.from(document.images)
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((img) => img.complete),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: file });
    await page.close();
    console.log(`${file} ${width}x${height}`);
  }
} finally {
  await browser.close();
}
