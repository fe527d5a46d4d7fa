import * as v from 'valibot';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, MAX_PRICE, MAX_PRICE_TIERS, MAX_QUANTITY, PRODUCT_NAME_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { positiveWhole, queryInt, requiredText } from './fields';
import { GtinFieldSchema } from './gtin';
import { validationMessages as m } from './messages';

export const PriceTierSchema = v.object({ minQnt: v.number(), price: v.number() });
export type PriceTier = v.InferOutput<typeof PriceTierSchema>;

/**
 * A product as the API sends it (the spec's names), with the bulk-order rules: an optional maximum
 * per order, a pack size, and volume price tiers. The rules are optional here so a catalogue saved
 * before they existed still reads; the server always sends them.
 */
export const ProductSchema = v.object({
  _id: v.string(),
  name: v.string(),
  description: v.string(),
  imageUrl: v.string(),
  price: v.number(),
  availableQnt: v.number(),
  minOrderQnt: v.number(),
  sku: v.optional(v.string()),
  /** The barcode number printed on the tool's box (src/contract/gtin.ts); left out when it has none. */
  gtin: v.optional(v.nullable(v.string())),
  category: v.optional(v.string()),
  maxOrderQnt: v.optional(v.nullable(v.number())),
  packSize: v.optional(v.number()),
  priceTiers: v.optional(v.array(PriceTierSchema)),
});
export type Product = v.InferOutput<typeof ProductSchema>;
export const ProductListSchema = v.array(ProductSchema);

const productFields = {
  name: requiredText(m.productNameRequired, PRODUCT_NAME_MAX_LENGTH),
  description: v.pipe(
    v.string(m.descriptionRequired),
    v.trim(),
    v.nonEmpty(m.descriptionRequired),
    v.minLength(DESCRIPTION_MIN_LENGTH, m.descriptionMin),
    v.maxLength(DESCRIPTION_MAX_LENGTH, m.tooLong(DESCRIPTION_MAX_LENGTH)),
  ),
  price: positiveWhole(m.priceRequired, MAX_PRICE),
  availableQnt: positiveWhole(m.availableRequired, MAX_QUANTITY),
  minOrderQnt: positiveWhole(m.minOrderRequired, MAX_QUANTITY),
  /** The manufacturer's article number; the server makes one when it is left out. */
  sku: v.optional(
    v.pipe(v.string('Enter the SKU'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/u, 'A SKU is 2 to 40 letters, digits and dashes')),
  ),
  /** The barcode number on the box: EAN-13 (or UPC-A, EAN-8, GTIN-14) with its check digit; empty or null for none. */
  gtin: GtinFieldSchema,
  /** Picked from the categories in use, or a new one; "General" when left out. */
  category: v.optional(v.pipe(v.string('Enter a category'), v.trim(), v.nonEmpty('Enter a category'), v.maxLength(60, m.tooLong(60)))),
};

/** Volume price tiers: larger quantities from tier to tier, lower prices, all below the list price. */
const PriceTiersSchema = v.pipe(
  v.array(
    v.strictObject({
      minQnt: positiveWhole('Enter the quantity the price starts at', MAX_QUANTITY),
      price: positiveWhole('Enter the tier price', MAX_PRICE),
    }),
    'Price tiers must be a list',
  ),
  v.maxLength(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} price tiers`),
  v.check(
    (tiers) => tiers.every((tier, i) => i === 0 || (tier.minQnt > (tiers[i - 1]?.minQnt ?? 0) && tier.price < (tiers[i - 1]?.price ?? Infinity))),
    'Each tier needs a larger quantity and a lower price than the one before',
  ),
);

/** The bulk-order rules of a tool, set on Add Product and editable later (PATCH /api/products/{id}). */
const ruleFields = {
  maxOrderQnt: v.optional(v.nullable(positiveWhole('Enter the largest quantity per order', MAX_QUANTITY))),
  packSize: v.optional(positiveWhole('Enter the pack size', MAX_QUANTITY)),
  priceTiers: v.optional(PriceTiersSchema),
};

type RuleInput = {
  price?: number;
  minOrderQnt?: number;
  maxOrderQnt?: number | null | undefined;
  packSize?: number | undefined;
  priceTiers?: PriceTier[] | undefined;
};

/** The checks that tie the rules to each other and to the price; one message each, in the form's words. */
export function ruleProblem(input: RuleInput): { field: 'maxOrderQnt' | 'packSize' | 'priceTiers'; message: string } | null {
  const pack = input.packSize ?? 1;
  if (input.maxOrderQnt != null && input.minOrderQnt !== undefined && input.maxOrderQnt < input.minOrderQnt) {
    return { field: 'maxOrderQnt', message: 'The maximum per order cannot be below the minimum' };
  }
  if (pack > 1 && input.minOrderQnt !== undefined && input.minOrderQnt % pack !== 0) {
    return { field: 'packSize', message: 'The minimum order must be a whole number of packs' };
  }
  if (input.price !== undefined && (input.priceTiers ?? []).some((tier) => tier.price >= (input.price ?? 0))) {
    return { field: 'priceTiers', message: 'Every tier price must be below the list price' };
  }
  return null;
}

function rulesHold<T extends RuleInput>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = ruleProblem(dataset.value);
    if (problem) {
      const value = dataset.value as Record<string, unknown>;
      addIssue({ message: problem.message, path: [{ type: 'object', origin: 'value', input: value, key: problem.field, value: value[problem.field] }] });
    }
  });
}

/** A picture this server stored: POST /api/images answers its URL. */
const imageUrlField = v.pipe(
  v.string(m.imageRequired),
  v.nonEmpty(m.imageRequired),
  v.maxLength(URL_MAX_LENGTH),
  v.regex(/^\/uploads\/[a-f0-9]{64}\.webp$/u, 'The image must be uploaded through the image upload first'),
);

/**
 * Body of PATCH /api/products/{id} (admins): any of the fields of Add Product, each checked as it is there,
 * with the bulk-order rules. A field left out keeps its value, so an edit never undoes stock an order took
 * meanwhile; the checks across fields (productProblem) are made on the tool as it will be.
 */
export const UpdateProductBodySchema = v.strictObject({
  name: v.optional(productFields.name),
  description: v.optional(productFields.description),
  price: v.optional(productFields.price),
  availableQnt: v.optional(productFields.availableQnt),
  minOrderQnt: v.optional(productFields.minOrderQnt),
  sku: productFields.sku,
  gtin: productFields.gtin,
  category: productFields.category,
  ...ruleFields,
  imageUrl: v.optional(imageUrlField),
});
export type UpdateProductBody = v.InferOutput<typeof UpdateProductBodySchema>;

type WholeProductInput = RuleInput & { price: number; minOrderQnt: number; availableQnt: number };

/**
 * The checks across the fields of a whole tool, as Add Product makes them: its minimum within its stock, then
 * its rules against its price and minimum. An edit is checked with them on the tool as changed; `changed`
 * leaves out the stock check when neither the stock nor the minimum is changed (orders take stock, and a
 * tool whose stock fell below its minimum can still be renamed).
 */
export function productProblem(
  input: WholeProductInput,
  changed?: ReadonlySet<string>,
): { field: 'minOrderQnt' | 'maxOrderQnt' | 'packSize' | 'priceTiers'; message: string } | null {
  const stockTouched = !changed || changed.has('availableQnt') || changed.has('minOrderQnt');
  if (stockTouched && input.minOrderQnt > input.availableQnt) return { field: 'minOrderQnt', message: m.minAboveStock };
  return ruleProblem(input);
}

/** The numbers and texts of the Add Product form, without the image. */
export const ProductFieldsSchema = v.pipe(
  v.object({ ...productFields, ...ruleFields }),
  v.forward(
    v.partialCheck([['availableQnt'], ['minOrderQnt']], (input) => input.minOrderQnt <= input.availableQnt, m.minAboveStock),
    ['minOrderQnt'],
  ),
  rulesHold(),
);
export type ProductFields = v.InferOutput<typeof ProductFieldsSchema>;

/** Body of POST /api/products: imageUrl must be one of our own uploads. */
export const CreateProductBodySchema = v.pipe(
  v.strictObject({
    ...productFields,
    ...ruleFields,
    imageUrl: imageUrlField,
  }),
  v.forward(
    v.partialCheck([['availableQnt'], ['minOrderQnt']], (input) => input.minOrderQnt <= input.availableQnt, m.minAboveStock),
    ['minOrderQnt'],
  ),
  rulesHold(),
);
export type CreateProductBody = v.InferOutput<typeof CreateProductBodySchema>;

/** The picture types POST /api/images takes; the server reads the type from the bytes, this only guides the file picker. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

/** Answer of POST /api/images: the shape the spec's image host gave, with our own URL. */
export const ImageUploadResponseSchema = v.object({ success: v.literal(true), data: v.object({ url: v.string() }) });

/** Search and paging of the catalogue (`GET /api/products?q=&category=&page=&pageSize=`). */
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** Rows on a page of Manage Products. */
export const MANAGE_PRODUCTS_PAGE_SIZE = 25;
/** The longest search the catalogue takes (`q`). */
export const CATALOGUE_SEARCH_MAX_LENGTH = 100;
export const CatalogueQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CATALOGUE_SEARCH_MAX_LENGTH, `q must be at most ${CATALOGUE_SEARCH_MAX_LENGTH} characters`))),
  category: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'category must be at most 60 characters'))),
  page: v.optional(queryInt('page', 100_000), '1'),
  pageSize: v.optional(queryInt('pageSize', CATALOGUE_MAX_PAGE_SIZE), String(CATALOGUE_PAGE_SIZE)),
});
export type CatalogueQuery = v.InferOutput<typeof CatalogueQuerySchema>;

export const ProductPageSchema = v.object({ items: ProductListSchema, total: v.number(), page: v.number(), pageSize: v.number() });
export type ProductPage = v.InferOutput<typeof ProductPageSchema>;

export const CategoryListSchema = v.array(v.object({ name: v.string(), count: v.number() }));
export type CategoryList = v.InferOutput<typeof CategoryListSchema>;

/**
 * `GET /api/products/changes?after=C`: the products changed and the ids deleted by every transaction the
 * server had not finished at cursor C, and the `cursor` to ask from next time (decision 023). A change
 * still being committed when the answer was read is always in a later answer, so an offline copy stays
 * complete without downloading the catalogue. A tool may come twice; applying it again changes nothing.
 * `?since=N` (a change `version`) is the older form, kept for copies saved before the cursor: their
 * first sync asks it once and keeps the cursor from then on.
 */
export const CatalogueChangesSchema = v.object({
  version: v.number(),
  /** Absent from servers older than the cursor: the copy then goes on asking by version. */
  cursor: v.optional(v.number()),
  products: ProductListSchema,
  deleted: v.array(v.string()),
  /** A page of the whole copy (`?after=0&pageAfter=N`): how many tools the whole copy has. */
  total: v.optional(v.number()),
  /** A page of the whole copy with more after it: the `pageAfter` that asks for the next page. */
  next: v.optional(v.number()),
});
export type CatalogueChanges = v.InferOutput<typeof CatalogueChangesSchema>;
const changePosition = (name: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}$/u, `${name} must be a change number`), v.transform(Number)));
/** Tools in a page of the whole copy: a few hundred kilobytes, stored as it arrives, so a first sync cut short resumes from its last page. */
export const CATALOGUE_COPY_PAGE_SIZE = 1000;
export const CatalogueChangesQuerySchema = v.pipe(
  v.object({ since: changePosition('since'), after: changePosition('after'), pageAfter: changePosition('pageAfter') }),
  v.check((query) => query.since === undefined || query.after === undefined, 'Ask for the changes after a cursor or since a version, not both'),
  v.check((query) => query.pageAfter === undefined || query.after === 0, 'Pages are of the whole catalogue: ask them with after=0'),
);
/** Where a sync starts: the cursor of its last answer, or, for a copy saved before cursors, the version. */
export type ChangesFrom = { after: number } | { since: number };

/** The words of a search, as the server matches them: letters and digits, each a prefix. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}
