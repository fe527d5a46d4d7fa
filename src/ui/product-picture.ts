// The attributes of a product picture's <img>: the stored URL, its narrower copies as srcset, and the width
// the layout gives it as sizes, so a card never downloads the purchase page's picture (docs/architecture.md,
// "Images"). A URL that is not one of our uploads is shown as it is.

import { pictureSrcSet } from '../contract/pictures';

export { PICTURE_SIZES } from '../contract/pictures';

export function pictureSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}
