import { describe, expect, it } from 'vitest';
import { parsePictureUrl, pictureSrcSet, pictureStandIns, pictureUrl } from '../../src/contract/pictures';
import { PICTURE_SIZES, pictureSources } from '../../src/ui/product-picture';

const hash = 'ab'.repeat(32);

describe('picture URLs at several widths', () => {
  it('reads the hash and width of our upload URLs only, at the widths we make', () => {
    expect(parsePictureUrl(`/uploads/${hash}.webp`)).toEqual({ hash, width: null });
    expect(parsePictureUrl(`/uploads/${hash}-640w.webp`)).toEqual({ hash, width: 640 });
    for (const other of [
      `/uploads/${hash}-500w.webp`,
      `/uploads/${hash}-0640w.webp`,
      `/uploads/${hash}-640.webp`,
      `/uploads/${hash.toUpperCase()}.webp`,
      `/uploads/${hash}.png`,
      `https://cdn.example/uploads/${hash}.webp`,
      '/uploads/x.webp',
    ]) {
      expect(parsePictureUrl(other), other).toBeNull();
    }
    expect(pictureUrl(hash, 320)).toBe(`/uploads/${hash}-320w.webp`);
    expect(pictureUrl(hash)).toBe(`/uploads/${hash}.webp`);
  });

  it('lists every width and the full picture in the srcset, for a stored picture URL only', () => {
    expect(pictureSrcSet(`/uploads/${hash}.webp`)).toBe(
      `/uploads/${hash}-320w.webp 320w, /uploads/${hash}-640w.webp 640w, /uploads/${hash}-960w.webp 960w, /uploads/${hash}.webp 1200w`,
    );
    expect(pictureSrcSet(`/uploads/${hash}-320w.webp`)).toBeUndefined();
    expect(pictureSrcSet('/logo.svg')).toBeUndefined();
  });

  it('offers the next wider widths first, then the narrower ones, as offline stand-ins', () => {
    expect(pictureStandIns(`/uploads/${hash}-640w.webp`)).toEqual([pictureUrl(hash, 960), pictureUrl(hash), pictureUrl(hash, 320)]);
    expect(pictureStandIns(`/uploads/${hash}.webp`)).toEqual([pictureUrl(hash, 960), pictureUrl(hash, 640), pictureUrl(hash, 320)]);
    expect(pictureStandIns(`/uploads/${hash}-320w.webp`)).toEqual([pictureUrl(hash, 640), pictureUrl(hash, 960), pictureUrl(hash)]);
    expect(pictureStandIns('/logo.svg')).toEqual([]);
  });

  it("gives an <img> the stored URL as src, with srcset and the layout's sizes; any other URL as it is", () => {
    expect(pictureSources(`/uploads/${hash}.webp`, PICTURE_SIZES.card)).toEqual({
      src: `/uploads/${hash}.webp`,
      srcSet: pictureSrcSet(`/uploads/${hash}.webp`),
      sizes: PICTURE_SIZES.card,
    });
    expect(pictureSources('blob:preview', PICTURE_SIZES.card)).toEqual({ src: 'blob:preview' });
  });

  it('sizes a card at a quarter of the 1280 px container on wide screens and the full width on phones', () => {
    expect(PICTURE_SIZES.card).toMatch(/^\(min-width: 1280px\) 294px, /u);
    expect(PICTURE_SIZES.card.endsWith(', calc(100vw - 32px)')).toBe(true);
  });
});
