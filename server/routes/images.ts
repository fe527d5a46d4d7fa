// POST /api/images (admin): one product picture, checked and re-encoded before it is stored with its
// narrower copies (docs/architecture.md, "Images"). Multipart is registered here only, so no other route accepts file uploads.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../src/contract/constants';
import { invalid } from '../errors';
import { processImage } from '../images/process';
import { imageUploadSchema } from '../schemas/catalogue';

export const IMAGE_FIELD = 'image';

const images: FastifyPluginAsync = async (app) => {
  const store = app.services.images;
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post('/images', { preHandler: app.guards.admin, schema: imageUploadSchema }, async (request, reply) => {
    let image: Buffer | null = null;
    // Every part is read to the end, so a second file or an extra field is refused by the limits
    // (FST_FILES_LIMIT, FST_PARTS_LIMIT, FST_FIELDS_LIMIT) rather than silently ignored.
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== IMAGE_FIELD) {
        if (part.type === 'file') part.file.resume();
        throw invalid(`Send the picture in the multipart field "${IMAGE_FIELD}".`);
      }
      if (image) throw invalid('Send one image at a time.');
      image = await part.toBuffer();
    }
    if (!image) throw invalid(`Send the picture in the multipart field "${IMAGE_FIELD}".`);

    const processed = await processImage(image);
    const url = await store.put(processed);
    return reply.status(201).send({ success: true, data: { url } });
  });
};
export default images;
