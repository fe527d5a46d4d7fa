import * as v from 'valibot';
import { ADDRESS_MAX_LENGTH, MAX_ORDER_TOTAL, MAX_QUANTITY } from './constants';
import { IdSchema, PhoneSchema, requiredText } from './fields';
import { validationMessages as m } from './messages';
import { ORDER_STATUSES } from './order-status';
import { ProductSchema } from './product';

export const OrderSchema = v.object({
  _id: v.string(),
  userName: v.string(),
  userEmail: v.string(),
  userAddress: v.string(),
  userPhone: v.string(),
  productId: v.nullable(v.string()),
  productName: v.string(),
  imageUrl: v.nullable(v.string()),
  unitPrice: v.number(),
  orderQuantity: v.number(),
  totalPrice: v.number(),
  status: v.picklist(ORDER_STATUSES),
  transactionId: v.nullable(v.string()),
  clientOrderId: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Order = v.InferOutput<typeof OrderSchema>;
export const OrderListSchema = v.array(OrderSchema);

export const OrderPageSchema = v.object({
  items: OrderListSchema,
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type OrderPage = v.InferOutput<typeof OrderPageSchema>;

export const AddressSchema = requiredText(m.addressRequired, ADDRESS_MAX_LENGTH);

/** Body of POST /api/orders. Name, e-mail, price and status come from the server, never from here. */
export const CreateOrderBodySchema = v.strictObject({
  productId: IdSchema,
  orderQuantity: v.pipe(
    v.number('Enter the quantity'),
    v.integer('The quantity must be a whole number'),
    v.minValue(1, 'The quantity must be at least 1'),
    v.maxValue(MAX_QUANTITY, 'The quantity is too large'),
  ),
  userAddress: AddressSchema,
  userPhone: PhoneSchema,
  clientOrderId: v.pipe(v.string('clientOrderId must be a UUID'), v.uuid('clientOrderId must be a UUID')),
  /** The total the customer saw; a mismatch gives 409 price_changed (DESIGN section 6). */
  totalPrice: v.optional(
    v.pipe(v.number('totalPrice must be a number'), v.integer('totalPrice must be whole dollars'), v.minValue(0), v.maxValue(MAX_ORDER_TOTAL)),
  ),
});
export type CreateOrderBody = v.InferOutput<typeof CreateOrderBodySchema>;

/**
 * The purchase form (spec section 5): address and phone required, and a whole quantity from the
 * product's minimum to its available stock, with the spec's message for anything else.
 */
export function purchaseFormSchema(minOrderQnt: number, availableQnt: number) {
  const range = m.quantityRange(minOrderQnt, availableQnt);
  return v.object({
    userAddress: AddressSchema,
    userPhone: PhoneSchema,
    orderQuantity: v.pipe(v.number(range), v.integer(range), v.minValue(minOrderQnt, range), v.maxValue(availableQnt, range)),
  });
}
export type PurchaseForm = v.InferOutput<ReturnType<typeof purchaseFormSchema>>;

/** Details carried by the 409 answers of POST /api/orders. */
export const OrderConflictDetailsSchema = v.object({ product: v.optional(ProductSchema) });

export const PaymentIntentBodySchema = v.strictObject({ orderId: IdSchema });
export const ConfirmPaymentBodySchema = v.strictObject({
  transactionId: v.pipe(v.string('transactionId is required'), v.nonEmpty('transactionId is required'), v.maxLength(255), v.regex(/^[A-Za-z0-9_]+$/u, 'transactionId is malformed')),
});

export const InsertedIdSchema = v.object({ insertedId: v.string() });
export const DeletedCountSchema = v.object({ deletedCount: v.number() });
export const ModifiedCountSchema = v.object({ modifiedCount: v.number() });
export const PaymentIntentResponseSchema = v.object({ clientSecret: v.string() });

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;
export const ADMIN_ORDERS_SEARCH_MAX_LENGTH = 100;

/** A positive whole number sent as a query-string text. */
const queryInt = (name: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,7}$/u, `${name} must be a whole number`), v.transform(Number), v.minValue(1, `${name} must be at least 1`), v.maxValue(max, `${name} must be at most ${max}`));

/**
 * Query of GET /api/orders (admin): one page of every order, newest first (docs/decisions/004).
 * `q` matches the customer's e-mail or the product name, ignoring case.
 */
export const AdminOrdersQuerySchema = v.object({
  page: v.optional(queryInt('page', 1_000_000), '1'),
  pageSize: v.optional(queryInt('pageSize', ADMIN_ORDERS_MAX_PAGE_SIZE), String(ADMIN_ORDERS_PAGE_SIZE)),
  status: v.optional(v.picklist(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_ORDERS_SEARCH_MAX_LENGTH, `q must be at most ${ADMIN_ORDERS_SEARCH_MAX_LENGTH} characters`))),
});
export type AdminOrdersQuery = v.InferOutput<typeof AdminOrdersQuerySchema>;
export type AdminOrdersQueryInput = v.InferInput<typeof AdminOrdersQuerySchema>;
