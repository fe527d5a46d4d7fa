// Hints sent with the shell for screens whose largest picture the server can name before any script runs
// (docs/architecture.md, "Prerendered public pages"). The purchase page's picture is the page's largest
// paint; with a `Link: rel=preload` header on the document the browser fetches it while the entry script
// downloads, instead of after the script has run and asked for the product.

import { PICTURE_SIZES, pictureSrcSet } from '../../src/contract/pictures';
import type { Db } from '../db/client';
import { findProduct } from '../repositories/products';

const PRODUCT_PAGE = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/iu;

/** A Link header's quoted-string: the picture URLs and sizes we build hold no quote or backslash, but a stored URL might. */
const quoted = (value: string) => `"${value.replace(/["\\]/gu, '')}"`;

/** The `Link` header that preloads the picture a path's screen shows first, or null when there is none. */
export async function pageHint(db: Db, pathname: string): Promise<string | null> {
  const id = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const product = await findProduct(db, id.toLowerCase());
  if (!product || !product.imageUrl.startsWith('/')) return null;
  const srcSet = pictureSrcSet(product.imageUrl);
  const link = `<${encodeURI(product.imageUrl)}>; rel=preload; as=image; fetchpriority=high`;
  return srcSet ? `${link}; imagesrcset=${quoted(srcSet)}; imagesizes=${quoted(PICTURE_SIZES.details)}` : link;
}
