// Turns an uploaded file into a safe product picture (docs/architecture.md, "Images"). The type is read from the
// bytes, never from the name or the declared content type; the pixel count is checked from the header
// before anything is decoded, so a tiny file that claims huge dimensions never reaches the decoder.

import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_WIDTH } from '../../src/contract/constants';
import { PICTURE_WIDTHS, type PictureWidth } from '../../src/contract/pictures';
import { AppError, invalid } from '../errors';

/** sharp's names for the accepted formats: AVIF is reported as HEIF with AV1 compression. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const WEBP_QUALITY = 82;

export const imageErrors = {
  empty: 'The image file is empty.',
  unsupported: 'The file is not a JPEG, PNG, WebP, AVIF or GIF image.',
  tooManyPixels: `The image has too many pixels: at most ${(IMAGE_MAX_PIXELS / 1_000_000).toLocaleString('en-US')} megapixels.`,
  unreadable: 'The image is damaged or incomplete and could not be read.',
} as const;

const unsupported = () => new AppError('unsupported_media_type', imageErrors.unsupported);

/** A narrower copy of a picture (src/contract/pictures.ts). */
export interface PictureCopy {
  width: PictureWidth;
  webp: Buffer;
}

export interface ProcessedImage {
  /** The full picture, at most IMAGE_MAX_WIDTH wide. */
  webp: Buffer;
  /** The copies narrower than the full picture; none is ever wider than its source. */
  widths: PictureCopy[];
  /** The format found in the bytes, as sharp names it. */
  sourceFormat: string;
  width: number;
  height: number;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw invalid(imageErrors.empty);

  let meta: Metadata;
  try {
    // Reads the header only; failOn 'none' here so a damaged body is reported by the decode below.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw unsupported();
  }
  const format = meta.format ?? '';
  if (!ACCEPTED.has(format)) throw unsupported();
  // HEIF is accepted only as AVIF; HEVC-compressed HEIC is not one of the formats we take.
  if (format === 'heif' && meta.compression !== 'av1') throw unsupported();

  const width = meta.width;
  const height = meta.height;
  if (!width || !height) throw invalid(imageErrors.unreadable);
  // An animated GIF or WebP decodes only its first frame, but every frame is counted to be safe.
  const frames = meta.pages ?? 1;
  if (width * height > IMAGE_MAX_PIXELS || width * height * frames > IMAGE_MAX_PIXELS * 4) {
    throw new AppError('payload_too_large', imageErrors.tooManyPixels);
  }

  try {
    // Decoded once: the full picture and its narrower copies are all encoded from the same pixels.
    const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated', animated: false })
      // Apply the EXIF orientation before the metadata (EXIF, ICC, XMP, GPS) is dropped by re-encoding.
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const webp = await sharp(data, { raw }).webp({ quality: WEBP_QUALITY }).toBuffer();
    const widths = await narrowerCopies(data, raw);
    return { webp, widths, sourceFormat: format, width: info.width, height: info.height };
  } catch {
    throw invalid(imageErrors.unreadable);
  }
}

async function narrowerCopies(data: Buffer, raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 }): Promise<PictureCopy[]> {
  const copies: PictureCopy[] = [];
  for (const width of PICTURE_WIDTHS.filter((w) => w < raw.width)) {
    copies.push({ width, webp: await sharp(data, { raw }).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer() });
  }
  return copies;
}

/**
 * A narrower copy of a stored WebP picture, or null when the picture is not wider than `width` (it is then
 * its own copy). For pictures stored before copies were made at upload.
 */
export async function copyAtWidth(webp: Buffer, width: PictureWidth): Promise<Buffer | null> {
  const meta = await sharp(webp).metadata();
  if (!meta.width || meta.width <= width) return null;
  return sharp(webp).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
}
