// The one PostgreSQL schema for PGlite and PostgreSQL. Column names are the database's own;
// the wire names of the spec live in src/contract and the repositories map between them.

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid'),
    role: text('role', { enum: ['admin', 'customer'] }).notNull().default('customer'),
    displayName: text('display_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_role_check', sql`${t.role} in ('admin', 'customer')`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    price: integer('price').notNull(),
    available: integer('available').notNull(),
    minOrder: integer('min_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_available_check', sql`${t.available} >= 0`),
    check('products_price_check', sql`${t.price} > 0`),
    check('products_min_order_check', sql`${t.minOrder} > 0`),
    index('products_created_at_idx').on(t.createdAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    userAddress: text('user_address').notNull(),
    userPhone: text('user_phone').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    imageUrl: text('image_url'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    totalPrice: integer('total_price').notNull(),
    status: text('status', { enum: ['Unpaid', 'Paid', 'Shipped'] }).notNull().default('Unpaid'),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    clientOrderId: uuid('client_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('Unpaid', 'Paid', 'Shipped')`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check('orders_total_check', sql`${t.totalPrice} = ${t.quantity} * ${t.unitPrice}`),
    check('orders_paid_has_transaction', sql`${t.status} = 'Unpaid' or ${t.transactionId} is not null`),
    uniqueIndex('orders_user_client_order_key').on(t.userEmail, t.clientOrderId),
    index('orders_user_email_idx').on(t.userEmail, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    review: text('review').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reviews_rating_check', sql`${t.rating} between 1 and 5`), index('reviews_created_at_idx').on(t.createdAt)],
);

/** Payment provider events already applied, so a replayed webhook changes nothing (DESIGN section 7). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});


export const schema = { users, products, orders, reviews, paymentEvents };
