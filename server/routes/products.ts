import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import {
  CATALOGUE_COPY_PAGE_SIZE,
  type CatalogueChanges,
  CatalogueChangesQuerySchema,
  CatalogueQuerySchema,
  type ChangesFrom,
  searchWords,
  type Product,
  type ProductPage,
} from '../../src/contract/product';
import { normalizeGtin } from '../../src/contract/gtin';
import { notFound } from '../errors';
import { pickEncoding, type EncodedBody } from '../lib/catalogue-cache';
import { COMPRESS_MIN_BYTES } from '../plugins/compression';
import { parseBody, parseParam } from '../lib/validate';
import {
  type CatalogueCopy,
  catalogueChanges,
  catalogueCopy,
  countCatalogueChanges,
  findProduct,
  listCategories,
  searchProducts,
  toProduct,
} from '../repositories/products';
import { productSchemas as schemas } from '../schemas/catalogue';

/** A page of the whole catalogue (newest first), in a category or not: what searchProducts answers without words. */
function pageOf(all: readonly Product[], category: string | undefined, page: number, pageSize: number): ProductPage {
  const inCategory = category === undefined ? all : all.filter((product) => product.category === category);
  return { items: inCategory.slice((page - 1) * pageSize, page * pageSize), total: inCategory.length, page, pageSize };
}

/** The whole copy as one answer, for copies that ask for it at once (older apps, and the large-delta shortcut below). */
function wholeCopy({ versions: _versions, ...copy }: CatalogueCopy): CatalogueChanges {
  return copy;
}

/**
 * One page of the whole copy: the tools changed after `pageAfter` (a change number), oldest change first, as the
 * whole copy lists them. Pages are cut by change number rather than by position, so a page asked from a newer copy
 * (the catalogue changed between two pages) skips no tool: a tool that changed meanwhile moves to a later page, and
 * the device asks for what changed after the first page's cursor once the copy is complete. Deletions are left out:
 * a device filling its copy has nothing to delete, and those made meanwhile come with that later ask.
 */
export function copyPage(copy: CatalogueCopy, pageAfter: number): CatalogueChanges {
  let low = 0;
  let high = copy.versions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((copy.versions[middle] ?? 0) <= pageAfter) low = middle + 1;
    else high = middle;
  }
  const end = Math.min(copy.products.length, low + CATALOGUE_COPY_PAGE_SIZE);
  const next = end < copy.products.length ? copy.versions[end - 1] : undefined;
  return {
    version: copy.version,
    cursor: copy.cursor,
    products: copy.products.slice(low, end),
    deleted: [],
    total: copy.products.length,
    ...(next === undefined ? {} : { next }),
  };
}

/**
 * A delta of more changed tools than this, asked from a position older than the kept full copy, is answered
 * with that copy: a position from long ago (or made up) would otherwise have most of the catalogue read and
 * compressed again on every call.
 */
export const FULL_COPY_ABOVE_CHANGES = 200;

/** A kept JSON answer in the best encoding the client accepts, made once and sent as it is each time after. */
async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: EncodedBody): Promise<FastifyReply> {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity' || Buffer.byteLength(kept.body) < COMPRESS_MIN_BYTES) return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(await kept.encoded(encoding));
}

const products: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  // The offline copy's full download (a device's first sync, or one saved before cursors asking from
  // version 0) is the same answer for every caller, asked without signing in: it is read, serialised and
  // compressed once per change of the catalogue, like the whole list (decision 016), instead of on every call.
  const fullCopy = app.catalogue.follow(() => catalogueCopy(db));

  // The whole list for the spec's clients; a search or a page when any of q, category, page or pageSize
  // is asked for (`{items, total, page, pageSize}`).
  app.get('/products', { schema: schemas.list }, async (request, reply) => {
    const asked = request.query as Record<string, unknown>;
    if (['q', 'category', 'page', 'pageSize'].some((key) => asked[key] !== undefined)) {
      const query = parseBody(CatalogueQuerySchema, asked);
      const words = searchWords(query.q ?? '');
      const category = query.category || undefined;
      void reply.header('cache-control', 'no-cache');
      const search = async () => {
        const { items, total } = await searchProducts(db, { words, gtin: normalizeGtin(query.q ?? ''), category, page: query.page, pageSize: query.pageSize });
        return { items, total, page: query.page, pageSize: query.pageSize };
      };
      // While the cached catalogue is current, a page without a search is a slice of it (same order: newest
      // first), so the home page's first page is answered without the database; a search is read once and
      // kept with that copy, so the same search asked again (a counter's usual tools) costs no query.
      const current = await app.catalogue.fresh();
      if (current) {
        const at = `${category ?? ''}:${query.page}:${query.pageSize}`;
        const answer =
          words.length === 0
            ? current.derived(`page:${at}`, (all) => pageOf(all, category, query.page, query.pageSize))
            : await current.kept(`search:${at}:${words.join(' ')}`, search);
        return sendKept(request, reply, answer);
      }
      return search();
    }
    const entry = await app.catalogue.get();
    // One ETag for every encoding of the same catalogue: it names the content, which is what a
    // revalidation asks about (the Vary header keeps caches from mixing the encodings).
    void reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return sendKept(request, reply, entry);
  });

  app.get('/products/changes', { schema: schemas.changes }, async (request, reply) => {
    const { since, after, pageAfter } = parseBody(CatalogueChangesQuerySchema, request.query as Record<string, unknown>);
    void reply.header('cache-control', 'no-cache');
    // The copy may be up to a second behind (decision 016): its cursor was read before its rows, so the
    // next sync, asked from that cursor, gets whatever changed since (decision 023).
    if (pageAfter !== undefined) {
      const copy = await fullCopy.get();
      return sendKept(
        request,
        reply,
        copy.derived(`page:${pageAfter}`, (data) => copyPage(data, pageAfter)),
      );
    }
    if ((after ?? since ?? 0) === 0) return sendKept(request, reply, (await fullCopy.get()).derived('whole', wholeCopy));
    const from: ChangesFrom = after === undefined ? { since: since ?? 0 } : { after };
    // A large delta goes to the kept copy when the asker's position is older than the copy's: its copy is
    // then older than the kept one, which is all it needs. A position at or past it (a copy synced after
    // the kept one was read) gets its delta from the database, so it never goes back to an older state.
    if ((await countCatalogueChanges(db, from, FULL_COPY_ABOVE_CHANGES)) > FULL_COPY_ABOVE_CHANGES) {
      const copy = await fullCopy.get();
      if ('after' in from ? from.after < copy.data.cursor : from.since < copy.data.version) return sendKept(request, reply, copy.derived('whole', wholeCopy));
    }
    return catalogueChanges(db, from);
  });

  // The categories are read once per copy of the catalogue and kept with it while it is current, like a
  // search (decision 028). A tool is always read from the database: the purchase page and a dealer's own
  // change (an order, a deletion) must show its stock as it is now, not as of the last NOTIFY.
  app.get('/categories', { schema: schemas.categories }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    const current = await app.catalogue.fresh();
    if (current) return sendKept(request, reply, await current.kept('categories', () => listCategories(db)));
    return listCategories(db);
  });

  app.get<{ Params: { id: string } }>('/products/:id', { schema: schemas.one }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That product');
    const row = await findProduct(db, id);
    if (!row) throw notFound('That product');
    return toProduct(row);
  });
};
export default products;
