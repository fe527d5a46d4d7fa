import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { notFound } from '../errors';
import { parseParam } from '../lib/validate';
import { findProduct, toProduct } from '../repositories/products';

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
};
export default products;
