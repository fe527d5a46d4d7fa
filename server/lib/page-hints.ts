// What the server adds to the purchase page's first answer, so its largest paint, the product's picture,
// does not wait for any script (docs/architecture.md, "Screen frames"): a `Link: rel=preload` header that
// starts the picture with the document, and the fields of the page's frame (the picture and the tool's
// name), which the build renders as a template.

import { PICTURE_SIZES, pictureSrcSet } from '../../src/contract/pictures';
import type { Db } from '../db/client';
import { findProduct } from '../repositories/products';

const PRODUCT_PAGE = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/iu;

export interface ProductScreen {
  /** The `Link` header that preloads the picture in the widths and sizes the page shows. */
  hint: string;
  /** The frame's fields (src/contract/screen-frames.ts). */
  frame: { id: string; name: string; src: string; srcSet: string };
}

/**
 * The purchase page's hint and frame for a path, or null when the path is no purchase page, its product
 * does not exist, or its picture is not one this server stores (its URL and srcset are hex and fixed
 * words then, nothing to escape in the header).
 */
export async function productScreen(db: Db, pathname: string): Promise<ProductScreen | null> {
  const id = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const product = await findProduct(db, id.toLowerCase());
  const srcSet = product ? pictureSrcSet(product.imageUrl) : undefined;
  if (!product || !srcSet) return null;
  return {
    hint: `<${product.imageUrl}>; rel=preload; as=image; fetchpriority=high; imagesrcset="${srcSet}"; imagesizes="${PICTURE_SIZES.details}"`,
    frame: { id: product.id, name: product.name, src: product.imageUrl, srcSet },
  };
}
