// Admin product management (docs/architecture.md, "Request flow"): add a tool, change its bulk-order rules,
// delete it. The public reads of the catalogue are in products.ts.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { parsePictureUrl } from '../../src/contract/pictures';
import { CreateProductBodySchema, ruleProblem, UpdateProductRulesBodySchema } from '../../src/contract/product';
import { invalid, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { deleteProduct, insertProduct, lockProducts, toProduct, updateProductRules } from '../repositories/products';
import { productAdminSchemas as schemas } from '../schemas/catalogue';

const productAdmin: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.post('/products', { preHandler: app.guards.admin, schema: schemas.create }, async (request, reply) => {
    const body = parseBody(CreateProductBodySchema, request.body);
    // Only a picture this server stored; claiming it keeps the uploads clean-up from taking it meanwhile.
    const picture = parsePictureUrl(body.imageUrl);
    if (!picture || picture.width !== null || !(await app.services.images.claim(picture.hash))) {
      const message = 'This picture is not stored on this server. Upload it through the image upload, then add the product.';
      throw invalid(`imageUrl: ${message}`, { fields: [{ field: 'imageUrl', message }] });
    }
    const insertedId = await insertProduct(db, {
      ...(body.sku ? { sku: body.sku } : {}),
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

  // The bulk-order rules of a tool, editable after it was added. They are checked against the tool as it
  // is now (its list price and minimum) under a lock, so a concurrent change cannot slip between.
  app.patch<{ Params: { id: string } }>('/products/:id', { preHandler: app.guards.admin, schema: schemas.updateRules }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const body = parseBody(UpdateProductRulesBodySchema, request.body);
    const updated = await db.transaction(async (tx) => {
      const [current] = await lockProducts(tx, [id]);
      if (!current) throw notFound('That product');
      const problem = ruleProblem({
        price: current.price,
        minOrderQnt: current.minOrder,
        maxOrderQnt: body.maxOrderQnt === undefined ? current.maxOrder : body.maxOrderQnt,
        packSize: body.packSize ?? current.packSize,
        priceTiers: body.priceTiers ?? current.priceTiers,
      });
      if (problem) throw invalid(`${problem.field}: ${problem.message}`);
      return updateProductRules(tx, id, { maxOrder: body.maxOrderQnt, packSize: body.packSize, priceTiers: body.priceTiers });
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
