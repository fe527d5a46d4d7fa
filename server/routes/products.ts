import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { CreateProductBodySchema } from '../../src/contract/product';
import { notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { deleteProduct, findProduct, insertProduct, toProduct } from '../repositories/products';

const products: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get('/products', async (request, reply) => {
    const entry = await app.catalogue.get();
    void reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  });

  app.get<{ Params: { id: string } }>('/products/:id', async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const row = await findProduct(db, id);
    if (!row) throw notFound('That product');
    return toProduct(row);
  });

  app.post('/products', { preHandler: app.guards.admin }, async (request, reply) => {
    const body = parseBody(CreateProductBodySchema, request.body);
    const insertedId = await insertProduct(db, {
      name: body.name,
      description: body.description,
      imageUrl: body.imageUrl,
      price: body.price,
      available: body.availableQnt,
      minOrder: body.minOrderQnt,
    });
    return reply.status(201).send({ insertedId });
  });

  // Orders keep their product's name and price: orders.product_id is ON DELETE SET NULL.
  app.delete<{ Params: { id: string } }>('/products/:id', { preHandler: app.guards.admin }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const deletedCount = await deleteProduct(db, id);
    if (deletedCount === 0) throw notFound('That product');
    return { deletedCount };
  });
};
export default products;
