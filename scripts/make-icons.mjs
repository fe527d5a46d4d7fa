// Renders the app icons from the Forgeline mark (public/logo.svg) with sharp:
// 192 and 512 "any" icons, a maskable icon with the mark inside the 80 % safe zone, and the
// apple-touch-icon (opaque: iOS rounds the corners itself). Run: node scripts/make-icons.mjs
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const BRAND = '#c2410c';
const SPARK = '#f59f00';
// The mark on a 64-unit grid, as in public/logo.svg.
const mark = `<path d="M18 16h30v8H28v7h16v8H28v13h-10z" fill="#fff"/><path d="M44 40l6 6-4 4-6-6z" fill="${SPARK}"/>`;

/** Rounded tile, transparent corners: the "any" purpose icon. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${mark}</svg>`;
/** Full bleed, mark scaled to 70 % around the centre so any mask shape keeps it whole. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(${scale}) translate(-33 -33)">${mark}</g></svg>`;

const outputs = [
  { file: 'public/icons/icon-192.png', svg: rounded, size: 192 },
  { file: 'public/icons/icon-512.png', svg: rounded, size: 512 },
  { file: 'public/icons/icon-maskable-512.png', svg: fullBleed(0.7), size: 512 },
  { file: 'public/icons/icon-maskable-192.png', svg: fullBleed(0.7), size: 192 },
  { file: 'public/apple-touch-icon.png', svg: fullBleed(0.85), size: 180 },
];

await mkdir('public/icons', { recursive: true });
for (const { file, svg, size } of outputs) {
  await sharp(Buffer.from(svg), { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  console.log(`${file} ${size}x${size}`);
}
