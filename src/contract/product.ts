import * as v from 'valibot';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  MAX_PRICE,
  MAX_QUANTITY,
  PRODUCT_NAME_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './constants';
import { positiveWhole, requiredText } from './fields';
import { validationMessages as m } from './messages';

/** A product as the API sends it (spec section 3 names). */
export const ProductSchema = v.object({
  _id: v.string(),
  name: v.string(),
  description: v.string(),
  imageUrl: v.string(),
  price: v.number(),
  availableQnt: v.number(),
  minOrderQnt: v.number(),
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
};

/** The numbers and texts of the Add Product form, without the image. */
export const ProductFieldsSchema = v.pipe(
  v.object(productFields),
  v.forward(
    v.partialCheck([['availableQnt'], ['minOrderQnt']], (input) => input.minOrderQnt <= input.availableQnt, m.minAboveStock),
    ['minOrderQnt'],
  ),
);
export type ProductFields = v.InferOutput<typeof ProductFieldsSchema>;

/** Body of POST /api/products: imageUrl must be one of our own uploads. */
export const CreateProductBodySchema = v.pipe(
  v.strictObject({
    ...productFields,
    imageUrl: v.pipe(
      v.string(m.imageRequired),
      v.nonEmpty(m.imageRequired),
      v.maxLength(URL_MAX_LENGTH),
      v.regex(/^\/uploads\/[a-f0-9]{64}\.webp$/u, 'The image must be uploaded through the image upload first'),
    ),
  }),
  v.forward(
    v.partialCheck([['availableQnt'], ['minOrderQnt']], (input) => input.minOrderQnt <= input.availableQnt, m.minAboveStock),
    ['minOrderQnt'],
  ),
);
export type CreateProductBody = v.InferOutput<typeof CreateProductBodySchema>;

/** The picture types POST /api/images takes; the server reads the type from the bytes, this only guides the file picker. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

/** Answer of POST /api/images: the shape the spec's image host gave, with our own URL. */
export const ImageUploadResponseSchema = v.object({ success: v.literal(true), data: v.object({ url: v.string() }) });
