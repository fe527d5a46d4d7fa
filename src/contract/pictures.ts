// The widths a product picture is served in, and their URLs (docs/architecture.md, "Images"). The server
// stores each upload as `/uploads/<sha256>.webp` (at most IMAGE_MAX_WIDTH wide) and narrower copies as
// `/uploads/<sha256>-<width>w.webp`; pages build their srcset from the stored URL alone, so products and
// orders keep the one URL they always had.

import { IMAGE_MAX_WIDTH } from './constants';

/** The narrower copies of every picture, in pixels. A picture is never enlarged: a width at or above its own serves it as it is. */
export const PICTURE_WIDTHS = [320, 640, 960] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** An uploaded picture's URL: its hash, and the width asked for (undefined: the full picture). */
export const PICTURE_URL = /^\/uploads\/([a-f0-9]{64})(?:-([1-9]\d{2,3})w)?\.webp$/u;

export interface PictureRef {
  hash: string;
  /** Null for the full picture. */
  width: PictureWidth | null;
}

export const isPictureWidth = (n: number): n is PictureWidth => (PICTURE_WIDTHS as readonly number[]).includes(n);

/** The hash and width an /uploads/ path names, or null when it names none of ours (an unknown width included). */
export function parsePictureUrl(pathname: string): PictureRef | null {
  const match = PICTURE_URL.exec(pathname);
  const hash = match?.[1];
  if (!match || !hash) return null;
  if (match[2] === undefined) return { hash, width: null };
  const width = Number(match[2]);
  return isPictureWidth(width) ? { hash, width } : null;
}

export function pictureUrl(hash: string, width: PictureWidth | null = null): string {
  return width === null ? `/uploads/${hash}.webp` : `/uploads/${hash}-${width}w.webp`;
}

/**
 * The srcset of a stored picture URL: every narrower copy and the full picture (described as
 * IMAGE_MAX_WIDTH wide, its upper bound). Undefined for any other URL, which is then shown as it is.
 */
export function pictureSrcSet(url: string): string | undefined {
  const ref = parsePictureUrl(url);
  if (!ref || ref.width !== null) return undefined;
  return [...PICTURE_WIDTHS.map((w) => `${pictureUrl(ref.hash, w)} ${w}w`), `${pictureUrl(ref.hash)} ${IMAGE_MAX_WIDTH}w`].join(', ');
}

/**
 * The other URLs of the same picture, best stand-in first: the next wider ones (narrowest first), then the
 * narrower ones (widest first). The service worker answers with the first one it holds when the network
 * cannot give the one asked for.
 */
export function pictureStandIns(url: string): string[] {
  const ref = parsePictureUrl(url);
  if (!ref) return [];
  const all: (PictureWidth | null)[] = [...PICTURE_WIDTHS, null];
  const at = all.indexOf(ref.width);
  const wider = all.slice(at + 1);
  const narrower = all.slice(0, at).reverse();
  return [...wider, ...narrower].map((w) => pictureUrl(ref.hash, w));
}

/**
 * How wide each layout shows a picture, in CSS pixels, from the spec's breakpoints (sm 576, lg 992,
 * xl 1200) and the page's max-w-7xl (1280 px) container with 16 px padding. Here rather than in src/ui
 * because the server's preload hint for the purchase page names the same sizes (server/lib/page-hints.ts).
 */
export const PICTURE_SIZES = {
  /** Home's tool cards: one column, two from sm, three from lg, four from xl, with 24 px gaps. */
  card: '(min-width: 1280px) 294px, (min-width: 1200px) calc((100vw - 104px) / 4), (min-width: 992px) calc((100vw - 80px) / 3), (min-width: 576px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
  /** The purchase page: the whole width, half of it beside the order form from lg (48 px gap). */
  details: '(min-width: 1280px) 600px, (min-width: 992px) calc((100vw - 80px) / 2), calc(100vw - 32px)',
  /** A thumbnail in a table or a list row. */
  thumbnail: '64px',
} as const;
