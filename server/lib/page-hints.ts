// Hints sent with the shell for screens whose largest picture the server can name before any script runs
// (docs/architecture.md, "Prerendered public pages"). The purchase page's picture is the page's largest
// paint; with a `Link: rel=preload` header on the document the browser fetches it while the entry script
// downloads, instead of after the script has run and asked for the product.

import { PICTURE_SIZES, pictureSrcSet } from '../../src/contract/pictures';
import type { Db } from '../db/client';
import { findProduct } from '../repositories/products';

const PRODUCT_PAGE = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/iu;

/**
 * The `Link` header that preloads the picture a path's screen shows first, or null when there is none. Only
 * a picture this server stores is named (its URL and srcset are hex and fixed words, nothing to escape).
 */
export async function pageHint(db: Db, pathname: string): Promise<string | null> {
  const id = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const product = await findProduct(db, id.toLowerCase());
  const srcSet = product ? pictureSrcSet(product.imageUrl) : undefined;
  if (!product || !srcSet) return null;
  return `<${product.imageUrl}>; rel=preload; as=image; fetchpriority=high; imagesrcset="${srcSet}"; imagesizes="${PICTURE_SIZES.details}"`;
}
