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
  UpdateProductRulesBodySchema,
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
  updateRules: routeSchema({
    summary: 'Change the bulk-order rules of a tool',
    description: 'The largest quantity per order, the pack size and the volume price tiers, checked against the tool’s price and minimum.',
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    body: UpdateProductRulesBodySchema,
    answers: { 200: ProductSchema },
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
