// POST /api/images: only admins upload; the type comes from the bytes; hostile or broken files get a
// clear 4xx and leave nothing behind in the image store (the uploads directory on PGlite, the images
// table on PostgreSQL); /uploads/ serves what was stored (docs/architecture.md, "Images").

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../server/db/schema';
import { copyDiskImagesToDatabase, IMAGE_FILE_NAME } from '../../server/images/storage';
import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH } from '../../src/contract/constants';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----forgeline${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid, tiny PNG whose header claims width x height pixels: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(4096))), pngChunk('IEND', Buffer.alloc(0))]);
}

describeEachDatabase('image upload', (kind) => {
  const {
    t,
    users: { admin, customer },
  } = useTestApp(kind, { users: { admin: { admin: true }, customer: {} } });
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c2410c' } })
      .jpeg({ quality: 80 })
      .withMetadata({ exif: { IFD0: { Copyright: 'Forgeline test camera', Artist: 'Dana Dealer' } } })
      .toBuffer();
    png = await sharp({ create: { width: 320, height: 240, channels: 4, background: { r: 31, g: 41, b: 51, alpha: 0.5 } } })
      .png()
      .toBuffer();
  });

  const stored = async (): Promise<string[]> => {
    if (t.app.services.images.dir === null) {
      const rows = await t.database.db.select({ hash: images.hash }).from(images);
      return rows.map((r) => `${r.hash}.webp`).sort();
    }
    try {
      return (await readdir(t.config.uploadsDir)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };

  /** The bytes stored for an /uploads/ URL, wherever the app keeps them. */
  const storedBytes = async (url: string): Promise<Buffer> => {
    const image = await t.app.services.images.get(IMAGE_FILE_NAME.exec(path.basename(url))?.[1] ?? '');
    if (!image) throw new Error(`${url} is not stored`);
    return image.bytes;
  };

  const upload = (parts: Part[], headers: Record<string, string> = admin.auth) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/images', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  describe('is refused, and nothing is stored', () => {
    const refusals: [string, () => Part[], number, RegExp][] = [
      [
        'an oversized file',
        () => [{ field: 'image', filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES)]) }],
        413,
        /5 MB/u,
      ],
      [
        'an SVG with a script',
        () => [
          {
            field: 'image',
            filename: 'logo.svg',
            contentType: 'image/svg+xml',
            data: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>',
          },
        ],
        415,
        /JPEG, PNG, WebP, AVIF or GIF/u,
      ],
      [
        'an HTML file named .png',
        () => [{ field: 'image', filename: 'drill.png', contentType: 'image/png', data: '<!doctype html><html><body><script>alert(1)</script></body></html>' }],
        415,
        /JPEG, PNG, WebP, AVIF or GIF/u,
      ],
      [
        'a truncated JPEG',
        () => [{ field: 'image', filename: 'half.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }],
        400,
        /damaged or incomplete/u,
      ],
      [
        'a decompression bomb (100000 x 100000 in a tiny PNG)',
        () => [{ field: 'image', filename: 'bomb.png', contentType: 'image/png', data: pngBomb(100_000, 100_000) }],
        413,
        /too many pixels/u,
      ],
      ['an empty file', () => [{ field: 'image', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }], 400, /empty/u],
      [
        'two files at once',
        () => [
          { field: 'image', filename: 'a.png', contentType: 'image/png', data: png },
          { field: 'image', filename: 'b.png', contentType: 'image/png', data: png },
        ],
        400,
        /one image/u,
      ],
      ['a wrong field name', () => [{ field: 'photo', filename: 'a.png', contentType: 'image/png', data: png }], 400, /field "image"/u],
      [
        'an extra text field',
        () => [
          { field: 'image', filename: 'a.png', contentType: 'image/png', data: png },
          { field: 'note', data: 'hello' },
        ],
        400,
        /./u,
      ],
      ['a text field instead of a file', () => [{ field: 'image', data: 'not a file' }], 400, /./u],
    ];

    it.each(refusals)('%s', async (_name, parts, status, message) => {
      const before = await stored();
      const res = await upload(parts());
      expect(res.statusCode).toBe(status);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.message).toMatch(message);
      expect(await stored()).toEqual(before);
    });

    it('a JSON body instead of multipart', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: admin.auth, payload: { image: 'data:image/png;base64,AAAA' } });
      expect(res.statusCode).toBe(415);
      expect(await stored()).toEqual([]);
    });

    it('anonymous (401) and customer (403) uploads, before the body is read', async () => {
      const anonymous = await upload([{ field: 'image', filename: 'a.png', contentType: 'image/png', data: png }], {});
      expect(anonymous.statusCode).toBe(401);
      const asCustomer = await upload([{ field: 'image', filename: 'a.png', contentType: 'image/png', data: png }], customer.auth);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(await stored()).toEqual([]);
    });
  });

  describe('is accepted from an admin', () => {
    it('re-encodes a JPEG to WebP at most 1200 px wide, without its metadata, under its content hash', async () => {
      const res = await upload([{ field: 'image', filename: 'drill.jpg', contentType: 'image/jpeg', data: jpeg }]);
      expect(res.statusCode).toBe(201);
      const { success, data } = res.json() as { success: boolean; data: { url: string } };
      expect(success).toBe(true);
      expect(data.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/u);
      const file = await storedBytes(data.url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(IMAGE_MAX_WIDTH);
      expect(meta.height).toBe(800);
      expect(meta.exif).toBeUndefined();
      expect(file.includes(Buffer.from('Forgeline test camera'))).toBe(false);

      const served = await t.app.inject(data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
    });

    it('takes a PNG renamed .jpg as a PNG: the type comes from the bytes', async () => {
      const res = await upload([{ field: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: png }]);
      expect(res.statusCode).toBe(201);
      const { data } = res.json() as { data: { url: string } };
      const meta = await sharp(await storedBytes(data.url)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(320);
      // Smaller pictures are never enlarged; the alpha channel of the PNG survives.
      expect(meta.hasAlpha).toBe(true);
    });

    it('takes a picture of almost 5 MB: the 64 KB JSON body limit does not apply to uploads', async () => {
      const noise = randomBytes(1400 * 1000 * 3);
      const big = await sharp(noise, { raw: { width: 1400, height: 1000, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(big.length).toBeLessThan(IMAGE_MAX_BYTES);
      const res = await upload([{ field: 'image', filename: 'noise.png', contentType: 'image/png', data: big }]);
      expect(res.statusCode).toBe(201);
      const { data } = res.json() as { data: { url: string } };
      const meta = await sharp(await storedBytes(data.url)).metadata();
      expect(meta.width).toBe(IMAGE_MAX_WIDTH);
    });

    it('takes WebP, AVIF and GIF, and stores the same picture once', async () => {
      const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b8a3e' } });
      for (const [name, data] of [
        ['a.webp', await base().webp().toBuffer()],
        ['a.avif', await base().avif().toBuffer()],
        ['a.gif', await base().gif().toBuffer()],
      ] as const) {
        const res = await upload([{ field: 'image', filename: name, data }]);
        expect(res.statusCode, name).toBe(201);
      }
      const before = await stored();
      const again = await upload([{ field: 'image', filename: 'again.jpg', contentType: 'image/jpeg', data: jpeg }]);
      expect(again.statusCode).toBe(201);
      expect(await stored()).toEqual(before);
    });
  });

  describe('is served under /uploads/', () => {
    let url: string;
    beforeAll(async () => {
      const res = await upload([{ field: 'image', filename: 'served.png', contentType: 'image/png', data: png }]);
      url = (res.json() as { data: { url: string } }).data.url;
    });

    it('as immutable WebP with nosniff, same-origin CORP and an ETag, revalidated with 304', async () => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.rawPayload.equals(await storedBytes(url))).toBe(true);
      const etag = res.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
    });

    it('answers 404 in the error shape for a picture never stored and for any other name', async () => {
      const hash = path.basename(url, '.webp');
      for (const missing of [
        `/uploads/${'0'.repeat(64)}.webp`,
        `/uploads/${hash.toUpperCase()}.webp`,
        `/uploads/${hash}.png`,
        `/uploads/${hash}`,
        '/uploads/x.webp',
      ]) {
        const res = await t.app.inject(missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.json(), missing).toMatchObject({ error: { code: 'not_found' } });
      }
    });
  });

  it.runIf(kind === 'postgres')('copies pictures kept on disk into the database once, and only files named by their hash', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'forgeline-old-uploads-'));
    try {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5f3dc4' } })
        .webp()
        .toBuffer();
      const hash = createHash('sha256').update(bytes).digest('hex');
      await writeFile(path.join(dir, `${hash}.webp`), bytes);
      // A file whose name is not the hash of its bytes is left behind.
      await writeFile(path.join(dir, `${'e'.repeat(64)}.webp`), bytes);
      await writeFile(path.join(dir, 'notes.txt'), 'not a picture');
      expect(await copyDiskImagesToDatabase(t.database.db, dir)).toBe(1);
      expect(await copyDiskImagesToDatabase(t.database.db, dir)).toBe(0);
      const served = await t.app.inject(`/uploads/${hash}.webp`);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect((await t.app.inject(`/uploads/${'e'.repeat(64)}.webp`)).statusCode).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
