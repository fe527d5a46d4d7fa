// Product pictures for tests that add products: POST /api/products takes only a picture the server
// stored (docs/architecture.md, "Images").

import sharp from 'sharp';
import type { ImageStore } from '../../server/images/storage';

/** Stores a small picture of one colour in the app's image store and returns its /uploads/ URL. */
export async function storeTestPicture(store: ImageStore, background = '#c2410c'): Promise<string> {
  const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .webp()
    .toBuffer();
  return store.put({ webp, widths: [] });
}
