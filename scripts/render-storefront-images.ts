// Draws the storefront's own pictures as SVG and renders them to WebP with sharp.
// Run after changing a drawing: `node --import tsx scripts/render-storefront-images.ts`.
// The output in public/images/ is committed, so builds never need this script.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('public/images');

const INK = '#1f2933';
const STEEL = '#9aa5b1';
const ORANGE = '#c2410c';
const AMBER = '#f59f00';

function crate(x: number, y: number, w: number, h: number): string {
  return `<g transform="translate(${x} ${y})">
    <rect width="${w}" height="${h}" rx="6" fill="#b7834f"/>
    <rect x="8" y="8" width="${w - 16}" height="${h - 16}" rx="3" fill="none" stroke="#8a5a2b" stroke-width="6"/>
    <path d="M8 8L${w - 8} ${h - 8}" stroke="#8a5a2b" stroke-width="6"/>
    <rect x="${w / 2 - 62}" y="${h / 2 - 16}" width="124" height="32" fill="#b7834f"/>
    <text x="${w / 2}" y="${h / 2 + 8}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="#5c3a17" letter-spacing="2">FORGELINE</text>
  </g>`;
}

function box(x: number, y: number): string {
  return `<g transform="translate(${x} ${y})"><rect width="120" height="86" rx="4" fill="${ORANGE}"/><rect y="0" width="120" height="14" fill="#9a3412"/>
    <rect x="50" y="0" width="20" height="86" fill="#fdba74" opacity=".55"/><path d="M18 50h22M18 60h14" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>`;
}

/** The About section's picture: the assembly hall, a drill on the torque test bench, crates ready to ship. */
function assemblyHall(): string {
  const windows = Array.from({ length: 6 }, (_, i) => {
    const x = 40 + i * 190;
    return `<path d="M${x} 250 L${x} 120 L${x + 150} 60 L${x + 150} 250 Z" fill="#dbe4ee"/><path d="M${x + 75} 90 V250 M${x} 185 H${x + 150}" stroke="#c3cfdb" stroke-width="6"/>`;
  }).join('');
  const stripes = Array.from({ length: 40 }, (_, i) => `<path d="M${i * 40 - 40} 900 l40 -40 h20 l-40 40z" fill="${INK}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f6"/><stop offset="1" stop-color="#dde3ea"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7b8794"/><stop offset="1" stop-color="#52606d"/></linearGradient>
    <radialGradient id="lamp" cx=".5" cy="0" r="1"><stop offset="0" stop-color="#fff7e0" stop-opacity=".9"/><stop offset="1" stop-color="#fff7e0" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#wall)"/>
  ${windows}
  <rect y="250" width="1200" height="16" fill="#c3cfdb"/>
  <rect x="0" y="266" width="1200" height="360" fill="#e4e7eb"/>
  <g stroke="${STEEL}" stroke-width="10"><path d="M0 300 H1200"/><path d="M150 300 V626 M1050 300 V626"/></g>
  <text x="600" y="360" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="800" fill="${INK}" opacity=".12" letter-spacing="14">FORGELINE WORKS</text>
  <path d="M380 300 L460 626 H740 L820 300z" fill="url(#lamp)"/>
  <rect x="560" y="286" width="80" height="20" rx="6" fill="${INK}"/>
  <rect y="626" width="1200" height="274" fill="url(#floor)"/>
  <path d="M0 626 H1200" stroke="#3e4c59" stroke-width="6"/>
  <g opacity=".85">${stripes}</g><rect y="860" width="1200" height="8" fill="${AMBER}"/>
  <rect y="852" width="1200" height="8" fill="${AMBER}"/>
  <!-- crates ready to ship -->
  ${crate(40, 470, 240, 170)}${crate(70, 310, 200, 160)}${box(290, 554)}
  <!-- test bench -->
  <rect x="420" y="600" width="400" height="26" rx="6" fill="${INK}"/>
  <rect x="450" y="626" width="26" height="190" fill="#323f4b"/><rect x="764" y="626" width="26" height="190" fill="#323f4b"/>
  <rect x="450" y="740" width="340" height="16" fill="#323f4b"/>
  <rect x="670" y="430" width="130" height="170" rx="10" fill="#323f4b"/>
  <rect x="684" y="446" width="102" height="66" rx="6" fill="#0b1a12"/>
  <text x="735" y="474" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-size="20" font-weight="700" fill="#52d273">95 Nm</text>
  <text x="735" y="500" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-size="16" fill="#52d273">PASS</text>
  <circle cx="706" cy="548" r="14" fill="${AMBER}"/><circle cx="764" cy="548" r="14" fill="#52d273"/>
  <!-- the drill on the bench -->
  <g transform="translate(440 420) scale(0.62)">
    <path d="M50 40h240a30 30 0 0 1 30 30v60a30 30 0 0 1-30 30H50a40 40 0 0 1-40-40V80a40 40 0 0 1 40-40z" fill="${ORANGE}"/>
    <path d="M70 40h200v22H70z" fill="#9a3412"/>
    <path d="M32 76v50M46 76v50" stroke="#7c2d12" stroke-width="6" stroke-linecap="round"/>
    <circle cx="250" cy="100" r="22" fill="${INK}"/><circle cx="250" cy="100" r="10" fill="${AMBER}"/>
    <rect x="316" y="66" width="46" height="70" rx="10" fill="#323f4b"/>
    <rect x="362" y="76" width="56" height="50" rx="8" fill="${STEEL}"/>
    <rect x="418" y="95" width="90" height="12" rx="4" fill="#cbd2d9"/>
    <path d="M110 160h90l-20 120h-90z" fill="#323f4b"/>
    <rect x="40" y="272" width="210" height="66" rx="12" fill="#323f4b"/>
    <rect x="56" y="286" width="178" height="12" rx="6" fill="${ORANGE}"/>
  </g>
  <!-- pallet of boxed tools -->
  <rect x="880" y="612" width="280" height="22" fill="#8a5a2b"/><rect x="890" y="634" width="30" height="16" fill="#8a5a2b"/><rect x="1005" y="634" width="30" height="16" fill="#8a5a2b"/><rect x="1120" y="634" width="30" height="16" fill="#8a5a2b"/>
  ${box(890, 526)}${box(1020, 526)}${box(890, 440)}${box(1020, 440)}${box(955, 354)}
  <!-- hoist -->
  <rect x="900" y="286" width="120" height="18" rx="4" fill="${AMBER}"/>
  <path d="M960 304 V336" stroke="${INK}" stroke-width="4" stroke-dasharray="6 3"/>
  <path d="M960 336 v8 a8 8 0 1 1 -8 8" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>
</svg>`;
}

async function render(name: string, svg: string, widths: number[]): Promise<void> {
  for (const width of widths) {
    const file = path.join(OUT, `${name}-${width}.webp`);
    const buffer = await sharp(Buffer.from(svg), { density: 144 }).resize({ width }).webp({ quality: 80, effort: 6 }).toBuffer();
    await writeFile(file, buffer);
    console.log(`${path.relative(process.cwd(), file)}: ${(buffer.length / 1024).toFixed(1)} KiB`);
  }
}

await mkdir(OUT, { recursive: true });
await render('about-assembly', assemblyHall(), [640, 1200]);
