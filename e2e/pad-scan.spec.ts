// A barcode scanner at the counter (docs/decisions/048-barcodes-on-the-counter.md): offline, with the
// catalogue saved on the tablet, a USB scanner types a tool's barcode number and Enter into the pad's Tool
// box; the tool goes on the pad at its minimum, a repeat scan adds one pack, and a number no tool has, or
// one misread, is said under the box without adding anything.

import { gtinCheckDigit } from '../src/contract/gtin';
import { expect, test } from './fixtures';
import { dealerReady, readStore } from './offline-helpers';
import { expectNoViolations } from './screen-helpers';

/** A number no other journey's tool has: the GS1 documentation prefix, a random item and its check digit. */
function freshGtin(): string {
  const body = `0614141${String(20_000 + Math.floor(Math.random() * 79_999)).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

test('offline, a scanner’s typed number adds the tool to the pad, a repeat scan one pack, and an unknown number is said so', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  const gtin = freshGtin();
  const blades = await createProduct({ name: 'Scan Journey Blades', price: 4, availableQnt: 600, minOrderQnt: 12, packSize: 6, gtin });
  const dealer = await createUser({ displayName: 'Sam Scanner' });
  await dealerReady(page, dealer, [blades]);
  const saved = (await readStore<{ _id: string; gtin?: string }>(page, 'products')).find((p) => p._id === blades._id);
  expect(saved?.gtin).toBe(gtin);

  await page.goto('/dashboard/order-pad');
  await expect(page.getByRole('combobox', { name: 'Tool', exact: true })).toBeVisible();
  await context.setOffline(true);

  // A keyboard-wedge scanner types fast and ends with Enter.
  const box = page.getByRole('combobox', { name: 'Tool', exact: true });
  await box.click();
  await page.keyboard.type(gtin, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Scanned: 12 pcs. of ${blades.name} added, 12 pcs. on the pad.`)).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
  await page.keyboard.type(gtin, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Scanned: 6 pcs. of ${blades.name} added, 18 pcs. on the pad.`)).toBeVisible();
  const pad = await readStore<{ productId: string; quantity: number }>(page, 'orderPad');
  expect(pad.filter((line) => line.productId === blades._id).map((line) => line.quantity)).toEqual([18]);

  await page.keyboard.type('4006381333931', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('No tool in the catalogue has the barcode 4006381333931.')).toBeVisible();
  await box.fill('');
  await page.keyboard.type('4006381333932', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('The barcode 4006381333932 did not read right (its last digit should be 1): scan it again.')).toBeVisible();
  expect((await readStore<{ productId: string }>(page, 'orderPad')).length).toBe(1);
  await expectNoViolations(page, 'the pad with a scan refused');
  await context.setOffline(false);
});
