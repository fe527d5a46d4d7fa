// Admin product management (docs/architecture.md, "Request flow"): add a tool, edit it (any field of Add
// Product, its picture and its bulk-order rules), delete it. The public reads of the catalogue are in products.ts.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { parsePictureUrl } from '../../src/contract/pictures';
import { CreateProductBodySchema, productProblem, UpdateProductBodySchema } from '../../src/contract/product';
import { invalid, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { deleteProduct, insertProduct, lockProducts, toProduct, updateProduct } from '../repositories/products';
import { productAdminSchemas as schemas } from '../schemas/catalogue';

const productAdmin: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  /** Only a picture this server stored; claiming it keeps the uploads clean-up from taking it meanwhile. */
  const claimPicture = async (imageUrl: string, then: string) => {
    const picture = parsePictureUrl(imageUrl);
    if (!picture || picture.width !== null || !(await app.services.images.claim(picture.hash))) {
      const message = `This picture is not stored on this server. Upload it through the image upload, then ${then}.`;
      throw invalid(`imageUrl: ${message}`, { fields: [{ field: 'imageUrl', message }] });
    }
  };

  app.post('/products', { preHandler: app.guards.admin, schema: schemas.create }, async (request, reply) => {
    const body = parseBody(CreateProductBodySchema, request.body);
    await claimPicture(body.imageUrl, 'add the product');
    const insertedId = await insertProduct(db, {
      ...(body.sku ? { sku: body.sku } : {}),
      ...(body.gtin ? { gtin: body.gtin } : {}),
      ...(body.category ? { category: body.category } : {}),
      name: body.name,
      description: body.description,
      imageUrl: body.imageUrl,
      price: body.price,
      available: body.availableQnt,
      minOrder: body.minOrderQnt,
      maxOrder: body.maxOrderQnt ?? null,
      packSize: body.packSize ?? 1,
      priceTiers: body.priceTiers ?? [],
    });
    return reply.status(201).send({ insertedId });
  });

  // Any field of a tool, checked as on Add Product; the checks across fields are made on the tool as it will
  // be, under a lock, so a concurrent change cannot slip between. A SKU another tool has is a 409 (the error
  // handler names it). Orders already placed keep the name, picture and price they were placed with.
  app.patch<{ Params: { id: string } }>('/products/:id', { preHandler: app.guards.admin, schema: schemas.update }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const body = parseBody(UpdateProductBodySchema, request.body);
    if (body.imageUrl !== undefined) await claimPicture(body.imageUrl, 'save the product');
    const updated = await db.transaction(async (tx) => {
      const [current] = await lockProducts(tx, [id]);
      if (!current) throw notFound('That product');
      const problem = productProblem(
        {
          price: body.price ?? current.price,
          availableQnt: body.availableQnt ?? current.available,
          minOrderQnt: body.minOrderQnt ?? current.minOrder,
          maxOrderQnt: body.maxOrderQnt === undefined ? current.maxOrder : body.maxOrderQnt,
          packSize: body.packSize ?? current.packSize,
          priceTiers: body.priceTiers ?? current.priceTiers,
        },
        new Set(Object.keys(body)),
      );
      if (problem) throw invalid(`${problem.field}: ${problem.message}`, { fields: [problem] });
      return updateProduct(tx, id, {
        name: body.name,
        description: body.description,
        imageUrl: body.imageUrl,
        price: body.price,
        available: body.availableQnt,
        minOrder: body.minOrderQnt,
        sku: body.sku,
        gtin: body.gtin,
        category: body.category,
        maxOrder: body.maxOrderQnt,
        packSize: body.packSize,
        priceTiers: body.priceTiers,
      });
    });
    if (!updated) throw notFound('That product');
    return toProduct(updated);
  });

  // Orders keep their tools' names and prices: order_lines.product_id is ON DELETE SET NULL.
  app.delete<{ Params: { id: string } }>('/products/:id', { preHandler: app.guards.admin, schema: schemas.remove }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const deletedCount = await deleteProduct(db, id);
    if (deletedCount === 0) throw notFound('That product');
    return { deletedCount };
  });
};
export default productAdmin;
