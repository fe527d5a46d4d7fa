// Turns an uploaded file into a safe product picture (DESIGN section 8). The type is read from the
// bytes, never from the name or the declared content type; the pixel count is checked from the header
// before anything is decoded, so a tiny file that claims huge dimensions never reaches the decoder.

import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_WIDTH } from '../../src/contract/constants';
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

export interface ProcessedImage {
  webp: Buffer;
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
    const webp = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated', animated: false })
      // Apply the EXIF orientation before the metadata (EXIF, ICC, XMP, GPS) is dropped by re-encoding.
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    const out = await sharp(webp).metadata();
    return { webp, sourceFormat: format, width: out.width ?? 0, height: out.height ?? 0 };
  } catch {
    throw invalid(imageErrors.unreadable);
  }
}
