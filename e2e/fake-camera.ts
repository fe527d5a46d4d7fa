// A camera for journeys: a video file of a printed barcode that Chromium plays as its camera
// (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`), so the app's real barcode
// reader reads real frames. The barcode is drawn by bwip-js, framed with a white margin and written as a
// Y4M (raw YUV 4:2:0) video of a few frames, which Chromium plays in a loop.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/** Writes the video of this EAN-13 under .tmp/fake-camera and answers its path. */
export async function barcodeVideo(gtin: string): Promise<string> {
  const png = await bwipjs.toBuffer({ bcid: 'ean13', text: gtin, scale: 3, height: 22, includetext: true, backgroundcolor: 'FFFFFF' });
  // The barcode in the middle of a white frame, as a box held up to the camera.
  const luma = await sharp(png)
    .flatten({ background: '#ffffff' })
    .resize({ width: WIDTH - 160, height: HEIGHT - 160, fit: 'contain', background: '#ffffff' })
    .extend({ top: 80, bottom: 80, left: 80, right: 80, background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  if (luma.length !== WIDTH * HEIGHT) throw new Error(`the barcode frame is ${luma.length} bytes, not ${WIDTH * HEIGHT}`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.resolve('.tmp', 'fake-camera', `ean13-${gtin}.y4m`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)]),
  );
  return file;
}
