// Serves /uploads/<sha256>.webp and its narrower copies /uploads/<sha256>-<width>w.webp from the image
// store (docs/architecture.md, "Images"). A copy missing for a picture stored before copies were made at
// upload is made on its first request and kept; a picture never wider than the copy asked for is its own copy.

import type { FastifyInstance } from 'fastify';
import { parsePictureUrl, type PictureRef, type PictureWidth } from '../../src/contract/pictures';
import { pictureSchema } from '../schemas/catalogue';
import { copyAtWidth } from './process';
import type { ImageStore, StoredImage } from './storage';

/** Pictures never change under their content-hashed name. */
export const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The picture an /uploads/ name stands for, making a missing copy once however many ask at the same time. */
export function picturesFrom(store: ImageStore): (ref: PictureRef) => Promise<StoredImage | null> {
  const making = new Map<string, Promise<StoredImage | null>>();
  const makeCopy = async (hash: string, width: PictureWidth): Promise<StoredImage | null> => {
    const full = await store.get(hash);
    if (!full) return null;
    const bytes = await copyAtWidth(full.bytes, width);
    if (!bytes) return full;
    return (await store.addWidth(hash, width, bytes)) ? ((await store.get(hash, width)) ?? { bytes, storedAt: new Date() }) : null;
  };
  return async ({ hash, width }) => {
    if (width === null) return store.get(hash);
    const copy = await store.get(hash, width);
    if (copy) return copy;
    const key = `${hash}-${width}`;
    const pending = making.get(key) ?? makeCopy(hash, width).finally(() => making.delete(key));
    making.set(key, pending);
    return pending;
  };
}

/** `/uploads/<name>`: only pictures we stored ourselves, at the widths of src/contract/pictures.ts; never a listing. */
export function registerUploads(app: FastifyInstance, store: ImageStore): void {
  const pictureFor = picturesFrom(store);
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: pictureSchema }, async (request, reply) => {
    const ref = parsePictureUrl(`/uploads/${request.params.name}`);
    const image = ref ? await pictureFor(ref) : null;
    if (!ref || !image) return reply.callNotFound();
    // The name is the strong ETag, so a revalidating client gets a 304 without the bytes.
    const etag = `"${ref.hash}${ref.width === null ? '' : `-${ref.width}w`}"`;
    void reply.headers({ ...IMAGE_HEADERS, etag, 'last-modified': image.storedAt.toUTCString() });
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()))) return reply.status(304).send();
    return reply.type('image/webp').send(image.bytes);
  });
}
