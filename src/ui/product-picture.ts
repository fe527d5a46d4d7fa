// The attributes of a product picture's <img>: the stored URL, its narrower copies as srcset, and the width
// the layout gives it as sizes, so a card never downloads the purchase page's picture (docs/architecture.md,
// "Images"). A URL that is not one of our uploads is shown as it is.

import { pictureSrcSet } from '../contract/pictures';

/**
 * How wide each layout shows a picture, in CSS pixels, from the spec's breakpoints (sm 576, lg 992,
 * xl 1200) and the page's max-w-7xl (1280 px) container with 16 px padding.
 */
export const PICTURE_SIZES = {
  /** Home's tool cards: one column, two from sm, three from lg, four from xl, with 24 px gaps. */
  card: '(min-width: 1280px) 294px, (min-width: 1200px) calc((100vw - 104px) / 4), (min-width: 992px) calc((100vw - 80px) / 3), (min-width: 576px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
  /** The purchase page: the whole width, half of it beside the order form from lg (48 px gap). */
  details: '(min-width: 1280px) 600px, (min-width: 992px) calc((100vw - 80px) / 2), calc(100vw - 32px)',
  /** A thumbnail in a table or a list row. */
  thumbnail: '64px',
} as const;

export function pictureSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}
