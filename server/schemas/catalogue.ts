// What the catalogue's routes take and answer (server/routes/products.ts, product-admin.ts, images.ts, and
// the pictures of server/images/serve.ts).

import * as v from 'valibot';
import { PICTURE_WIDTHS } from '../../src/contract/pictures';
import { DeletedCountSchema, InsertedIdSchema } from '../../src/contract/order';
import {
  CatalogueChangesQuerySchema,
  CatalogueChangesSchema,
  CatalogueQuerySchema,
  CategoryListSchema,
  CreateProductBodySchema,
  ImageUploadResponseSchema,
  ProductListSchema,
  ProductPageSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '../../src/contract/product';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const notModified = { empty: true, description: 'Not modified: the catalogue is the one of the ETag sent in If-None-Match.' } as const;

export const productSchemas = {
  list: routeSchema({
    summary: 'The catalogue, or a page of it',
    description:
      'Without a query, every tool (newest first) with an ETag. With any of `q`, `category`, `page` or `pageSize`, one page ' +
      'of the tools matching the search words (each a prefix) in the category: `{items, total, page, pageSize}`.',
    tag: 'Catalogue',
    access: 'anyone',
    query: CatalogueQuerySchema,
    answers: { 200: v.union([ProductListSchema, ProductPageSchema]), 304: notModified },
  }),
  changes: routeSchema({
    summary: 'What changed in the catalogue',
    description:
      'The tools changed and the ids deleted since the cursor of an earlier answer (`after`), and the cursor to ask from next time; ' +
      'without one, the whole catalogue. A tool may come twice; applying it again changes nothing.',
    tag: 'Catalogue',
    access: 'anyone',
    query: CatalogueChangesQuerySchema,
    answers: { 200: CatalogueChangesSchema },
  }),
  categories: routeSchema({
    summary: 'The categories in use, with how many tools each has',
    tag: 'Catalogue',
    access: 'anyone',
    answers: { 200: CategoryListSchema },
  }),
  one: routeSchema({ summary: 'One tool', tag: 'Catalogue', access: 'anyone', params: IdParams, answers: { 200: ProductSchema } }),
};

export const productAdminSchemas = {
  create: routeSchema({
    summary: 'Add a tool',
    description: 'Its picture must have been uploaded first (`POST /api/images`); `imageUrl` is the URL that answered.',
    tag: 'Admin',
    access: 'admin',
    body: CreateProductBodySchema,
    answers: { 201: InsertedIdSchema },
    refusals: { 409: 'That SKU is already used by another tool.' },
  }),
  update: routeSchema({
    summary: 'Edit a tool',
    description:
      'Any field of Add A Product (name, description, price, stock, minimum, SKU, category, a picture uploaded through `POST /api/images`) and the bulk-order rules; a field left out keeps its value. The checks across fields are made on the tool as it will be.',
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    body: UpdateProductBodySchema,
    answers: { 200: ProductSchema },
    refusals: { 409: 'That SKU is already used by another tool.' },
  }),
  remove: routeSchema({
    summary: 'Delete a tool',
    description: 'Orders keep the name and price the tool had.',
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
  }),
};

export const imageUploadSchema = routeSchema({
  summary: 'Upload a product picture',
  description: 'One JPEG, PNG, WebP, AVIF or GIF of at most 5 MB in the multipart field `image`; it is re-encoded as WebP with narrower copies.',
  tag: 'Admin',
  access: 'admin',
  rawBody: {
    media: 'multipart/form-data',
    schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
  },
  answers: { 201: ImageUploadResponseSchema },
});

export const pictureSchema = routeSchema({
  summary: 'A product picture',
  description: `A picture by its content-hashed name, or a copy of it at a width of ${PICTURE_WIDTHS.join(', ')} pixels (\`-<width>w\`). Never changes: cached for a year.`,
  tag: 'Catalogue',
  access: 'anyone',
  params: v.object({ name: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}(?:-\d{3,4}w)?\.webp$/u)) }),
  answers: { 200: { media: 'image/webp', description: 'The picture.' }, 304: { empty: true, description: 'Not modified.' } },
});
