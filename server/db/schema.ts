// The one PostgreSQL schema for PGlite and PostgreSQL. Column names are the database's own;
// the wire names of the spec live in src/contract and the repositories map between them.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAIL_KINDS, MAIL_STATES } from '../../src/contract/mail';
import { PUSH_KINDS } from '../../src/contract/push';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** PostgreSQL's 64-bit transaction id, read and written only by the database (as text on the way out). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Every change to a product takes the next number (insert, update, deletion), so an offline copy of the
 * catalogue asks only for what changed since the last number it saw (docs/architecture.md, "Offline").
 */
export const productVersionSeq = pgSequence('product_version_seq');

/**
 * The running number in every order number (`O-2026-00042`). A sequence, not a locked counter as for
 * invoices: two orders placed at once never wait for each other, and a number lost to a rolled-back order
 * leaves a gap nobody has to account for (docs/decisions/035-order-numbers.md).
 */
export const orderNumberSeq = pgSequence('order_number_seq');

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid'),
    /** `rep`: a sales rep, who orders for the companies assigned to it in `company_reps` (docs/decisions/043). */
    role: text('role', { enum: ['admin', 'customer', 'rep'] })
      .notNull()
      .default('customer'),
    displayName: text('display_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Admins get an e-mail for every paid order unless they switch it off on My Profile. */
    notifyPaidOrders: boolean('notify_paid_orders').notNull().default(true),
    /** The kinds of notification (src/contract/push.ts) this user switched off on My Profile, for all their devices. */
    pushMuted: text('push_muted', { enum: PUSH_KINDS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Pieces this user holds in Unpaid orders, kept by a trigger on orders (migration 0010,
     * docs/decisions/022-unpaid-pieces-counter.md): the unpaid cap reads it instead of summing the orders.
     */
    unpaidUnits: integer('unpaid_units').notNull().default(0),
    /**
     * Since when the shop trusts this account to hold stock with orders it has not paid: its first payment,
     * or an admin's approval as a dealer. Until then its orders take stock only when they are paid
     * (docs/decisions/027-stock-held-only-for-trusted-accounts.md).
     */
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Make Admin pages oldest first and searches any part of the e-mail (trigrams, extension pg_trgm).
    index('users_created_at_idx').on(t.createdAt, t.email),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('admin', 'customer', 'rep')`),
    check('users_unpaid_units_check', sql`${t.unpaidUnits} >= 0`),
  ],
);

/**
 * A price list: what the companies given it pay instead of the list price, in its currency
 * (docs/decisions/045-price-lists-and-money.md). `version` rises with every change to the list or an entry;
 * orders record the version they were priced at, and apps ask for the entries written after theirs.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 4217, one of the contract's CURRENCIES. */
    currency: text('currency').notNull(),
    /** Units of `currency` per US dollar of the list price, in millionths (1000000 for US dollars). */
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    /** Basis points off every tool the list does not price itself. */
    defaultPercentOff: integer('default_percent_off').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('price_lists_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('price_lists_rate_check', sql`${t.rateMicros} > 0 and (${t.currency} <> 'USD' or ${t.rateMicros} = 1000000)`),
    check('price_lists_percent_check', sql`${t.defaultPercentOff} between 0 and 9900`),
    uniqueIndex('price_lists_name_key').on(sql`lower(${t.name})`),
  ],
);

/**
 * One tool on a price list: a fixed price or a percentage off (both null: the list's own percentage), and
 * tiers of its own, in minor units of the list's currency. A removed entry stays as a tombstone
 * (`removed`) with the version that removed it, so an app's next sync learns of it.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: bigint('price', { mode: 'number' }),
    percentOff: integer('percent_off'),
    tiers: jsonb('tiers').$type<{ minQnt: number; price: number }[]>().notNull().default([]),
    /** The list's version when the entry was last written or removed. */
    version: integer('version').notNull(),
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index('price_list_entries_version_idx').on(t.priceListId, t.version),
    check('price_list_entries_one_kind_check', sql`${t.price} is null or ${t.percentOff} is null`),
    check('price_list_entries_price_check', sql`${t.price} is null or ${t.price} > 0`),
    check('price_list_entries_percent_check', sql`${t.percentOff} is null or ${t.percentOff} between 0 and 9900`),
  ],
);

/**
 * A dealer: the business that buys, with the people who buy for it (`company_members`) and its branches
 * (`company_locations`). Every customer belongs to at most one; admins to none
 * (docs/decisions/040-dealer-companies.md).
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2, in capitals. */
    country: text('country').notNull(),
    /** The dealer's tax or VAT number as it is printed on its papers; null when it gave none. */
    taxNumber: text('tax_number'),
    status: text('status', { enum: ['applied', 'approved', 'rejected', 'suspended'] }).notNull(),
    /** Why the shop rejected or suspended the company, as the admin wrote it; null otherwise. */
    statusReason: text('status_reason'),
    /** When an admin last approved, rejected or suspended it; null while it was never decided. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** How it pays: by card, or on account within so many days of the invoice (docs/decisions/044-orders-on-account.md). */
    paymentTerms: text('payment_terms', { enum: ['card', 'net15', 'net30', 'net60'] })
      .notNull()
      .default('card'),
    /** What its unpaid orders on account may owe at most, in cents. */
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    /** Every order must carry the dealer's purchase-order number. */
    poRequired: boolean('po_required').notNull().default(false),
    /** Exempt under the reverse charge, as the shop set it: its orders carry no tax. Only with a tax number. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    /**
     * On account, the share of each order's gross paid by card before it ships, in whole percent; 0 for none
     * (docs/decisions/047-deposits-on-account.md).
     */
    depositPercent: integer('deposit_percent').notNull().default(0),
    /** What it pays: a price list, or null for the list price in US dollars. Its credit and invoices are in that list's currency. */
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.createdAt),
    check('companies_payment_terms_check', sql`${t.paymentTerms} in ('card', 'net15', 'net30', 'net60')`),
    check('companies_credit_limit_check', sql`${t.creditLimit} >= 0`),
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('companies_status_check', sql`${t.status} in ('applied', 'approved', 'rejected', 'suspended')`),
    check('companies_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('companies_tax_exempt_check', sql`not ${t.taxExempt} or ${t.taxNumber} is not null`),
    check('companies_deposit_percent_check', sql`${t.depositPercent} between 0 and 99`),
  ],
);

/**
 * A company's branches, each a ship-to address with the same fields an order's delivery holds (address and
 * phone), a name and a contact. One of them is the default: the partial unique index allows no second one,
 * and the repository makes the first the default and refuses to delete the default while others exist.
 */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    contactName: text('contact_name').notNull(),
    /** The ship-to country (ISO 3166-1 alpha-2) and state or region ('' for the whole country): they decide the tax. */
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_locations_company_idx').on(t.companyId, t.createdAt),
    check('company_locations_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('company_locations_region_check', sql`${t.region} ~ '^[A-Z0-9]{0,3}$'`),
    uniqueIndex('company_locations_one_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Who buys for a company, and as what. A user is a member of one company at most (the key is the user). */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['company_admin', 'buyer'] }).notNull(),
    /** A buyer sees every order of the company, not only its own; a company admin always does. */
    canSeeAllOrders: boolean('can_see_all_orders').notNull().default(false),
    /**
     * A buyer's spending limits, in minor units of the company's currency (null: none): one order at most, and
     * what the buyer's orders of a calendar month add up to. An order over either waits for an approver
     * (docs/decisions/055-buyer-approvals-and-spending-limits.md).
     */
    orderLimitMinor: bigint('order_limit_minor', { mode: 'number' }),
    monthlyLimitMinor: bigint('monthly_limit_minor', { mode: 'number' }),
    /** Approves or declines the company's orders over a limit; every company admin does too. */
    isApprover: boolean('is_approver').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role_check', sql`${t.role} in ('company_admin', 'buyer')`),
    check(
      'company_members_limits_check',
      sql`(${t.orderLimitMinor} is null or ${t.orderLimitMinor} > 0) and (${t.monthlyLimitMinor} is null or ${t.monthlyLimitMinor} > 0)`,
    ),
  ],
);

/**
 * Which sales reps order for which companies, as admins assigned them. A rep may have many companies and a
 * company many reps; the rows go with either. That the user is a rep is checked when the row is written and
 * when the rep orders (a rep made a customer again loses its rows in the same transaction).
 */
export const companyReps = pgTable(
  'company_reps',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_reps_user_idx').on(t.userId, t.companyId)],
);

/**
 * A company admin's invitation to join the company, sent by mail as a link. The link carries a random token;
 * only its SHA-256 is kept, so the table cannot be read back into links. One open invitation per company
 * and address: inviting again renews it.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** In lower case: it is compared with the verified address of whoever follows the link. */
    email: text('email').notNull(),
    role: text('role', { enum: ['company_admin', 'buyer'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_invitations_token_key').on(t.tokenHash),
    uniqueIndex('company_invitations_open_key')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('company_invitations_role_check', sql`${t.role} in ('company_admin', 'buyer')`),
  ],
);

/**
 * Who did what to companies, members, settings and (later) prices and credit: admins, reps and company
 * admins. Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE (migration 0018). The actor and
 * the company are plain values, not foreign keys, so an entry outlives the account and the company it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** The actor's standing when it acted: `admin`, `company_admin`, `buyer` or `customer`. */
    actorRole: text('actor_role').notNull(),
    /** What was done, as `<subject>.<verb>`: `company.approved`, `member.role_changed`, `setting.changed`… */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    companyId: uuid('company_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_company_idx').on(t.companyId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** The shop's settings, one row (`id` is always true). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /**
     * `order_at_once`: a new customer's company is approved when the account is made and orders at once,
     * paying by card. `apply_and_wait`: it applies with its company's details and orders once an admin approves.
     */
    newCustomers: text('new_customers', { enum: ['order_at_once', 'apply_and_wait'] })
      .notNull()
      .default('order_at_once'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id}`),
    check('shop_settings_new_customers_check', sql`${t.newCustomers} in ('order_at_once', 'apply_and_wait')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The manufacturer's article number, shown wherever the tool is. */
    sku: text('sku').notNull(),
    /** The barcode number on its box, as src/contract/gtin.ts writes it (8, 13 or 14 digits); null when it has none. */
    gtin: text('gtin'),
    category: text('category').notNull().default('General'),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    price: integer('price').notNull(),
    available: integer('available').notNull(),
    minOrder: integer('min_order').notNull(),
    /** At most this many per order; null: no maximum beyond the stock. */
    maxOrder: integer('max_order'),
    /** Sold in multiples of this. */
    packSize: integer('pack_size').notNull().default(1),
    /** Volume prices, ascending minQnt and descending price (checked by the contract on every write). */
    priceTiers: jsonb('price_tiers').$type<{ minQnt: number; price: number }[]>().notNull().default([]),
    /** Taken from product_version_seq on insert and, by a trigger, on every update. */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('product_version_seq')`),
    /**
     * The transaction that wrote the row last (on insert, and by the version trigger on every update): the
     * change feed's cursor, which, unlike the version, cannot pass a change still being committed (decision 023).
     */
    writtenBy: xid8('written_by')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /**
     * Name and SKU weigh more than the description in a search (the same query on PGlite and PostgreSQL).
     * Punctuation is a space first, so the words are those the app splits a search into (`searchWords`):
     * left to the text parser, `FL-12345678` would be `fl` and the number `-12345678`, and `2.5` one number.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', regexp_replace(name || ' ' || sku, '[[:punct:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple', regexp_replace(description, '[[:punct:]]+', ' ', 'g')), 'C')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_gtin_key').on(t.gtin),
    check('products_gtin_check', sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{13,14})$'`),
    index('products_category_idx').on(t.category, t.createdAt),
    index('products_version_idx').on(t.version),
    index('products_written_by_idx').on(t.writtenBy),
    index('products_search_idx').using('gin', t.search),
    check('products_available_check', sql`${t.available} >= 0`),
    check('products_price_check', sql`${t.price} > 0`),
    check('products_min_order_check', sql`${t.minOrder} > 0`),
    check('products_max_order_check', sql`${t.maxOrder} is null or ${t.maxOrder} >= ${t.minOrder}`),
    check('products_pack_size_check', sql`${t.packSize} > 0`),
    index('products_created_at_idx').on(t.createdAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * What people call the order: `O-<year placed, UTC>-<running number, at least five digits>`, given by the
     * database in the statement that inserts the order (docs/decisions/035-order-numbers.md).
     */
    number: text('number')
      .notNull()
      .default(sql`format_order_number(now(), nextval('order_number_seq'))`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    userAddress: text('user_address').notNull(),
    userPhone: text('user_phone').notNull(),
    /** The sum of the lines' totals in minor units of `currency`, fixed when the order is placed: what the dealer pays. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** ISO 4217: the currency of the price list it was priced with, USD for the list price. */
    currency: text('currency').notNull().default('USD'),
    /** The price list and its version the order was priced at; null for the list price. */
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    priceListVersion: integer('price_list_version'),
    /** The list's rate then (units of `currency` per US dollar, in millionths), for reports in US dollars. */
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull().default(1_000_000),
    /**
     * The tax in `total_minor` (the gross; the net is the difference), at the ship-to place's rate then
     * (millionths) and with its name; none under the reverse charge (docs/decisions/046).
     */
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    taxRateMicros: integer('tax_rate_micros').notNull().default(0),
    taxName: text('tax_name'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    status: text('status', { enum: ['Unpaid', 'Paid', 'Shipped', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined'] })
      .notNull()
      .default('Unpaid'),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    clientOrderId: uuid('client_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Who carries a shipped order and its tracking number, as the admin typed them when shipping; both optional. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The invoice number, `<invoiceYear>-<invoiceSeq>`, given in the statement that makes the order Paid. */
    invoiceYear: integer('invoice_year'),
    invoiceSeq: integer('invoice_seq'),
    /**
     * Whether the order's pieces are off the shelf. An unpaid order of an account the shop does not trust yet
     * holds none; they are taken when its payment is authorised, just before the card is charged
     * (docs/decisions/027-stock-held-only-for-trusted-accounts.md).
     */
    holdsStock: boolean('holds_stock').notNull().default(true),
    /**
     * The dealer's company the order was placed for, and the branch it goes to (null for a one-off address).
     * Name, tax number and location name are copied as they were when the order was placed: an invoice
     * says what was true then.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    companyTaxNumber: text('company_tax_number'),
    locationId: uuid('location_id').references(() => companyLocations.id, { onDelete: 'set null' }),
    locationName: text('location_name'),
    /** A sales rep placed it for the company: the user columns name the rep (docs/decisions/043). */
    placedByRep: boolean('placed_by_rep').notNull().default(false),
    /** The dealer's purchase-order number, as typed. */
    poNumber: text('po_number'),
    /**
     * How it is paid: 'card' (Unpaid -> Paid -> Shipped), or on account on the company's terms when it was
     * placed (Confirmed or On hold -> Shipped, the invoice paid later; docs/decisions/044).
     */
    paymentTerms: text('payment_terms', { enum: ['card', 'net15', 'net30', 'net60'] })
      .notNull()
      .default('card'),
    /** On hold, Refused or Declined: why, in the dealer's words (a decline's reason is the approver's). */
    statusReason: text('status_reason'),
    /** On account, once shipped: when the invoice is due. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** On account, paid by bank transfer: the transfer's reference as the admin recorded it. */
    paymentReference: text('payment_reference'),
    /**
     * On account with a deposit: the part of the gross paid before the order ships (0 for none), when it was
     * paid, and the processor's transaction id (by card) or the transfer's reference (by bank transfer, as an
     * admin recorded it). The invoice is for the rest (docs/decisions/047).
     */
    depositMinor: bigint('deposit_minor', { mode: 'number' }).notNull().default(0),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    depositTransactionId: text('deposit_transaction_id'),
    depositReference: text('deposit_reference'),
  },
  (t) => [
    check('orders_tax_check', sql`${t.taxMinor} >= 0 and ${t.taxMinor} <= ${t.totalMinor} and (not ${t.reverseCharge} or ${t.taxMinor} = 0)`),
    check(
      'orders_deposit_check',
      sql`${t.depositMinor} >= 0 and ${t.depositMinor} <= ${t.totalMinor} and (${t.depositMinor} = 0 or ${t.paymentTerms} <> 'card')`,
    ),
    check(
      'orders_deposit_paid_check',
      sql`(${t.depositPaidAt} is null) = (${t.depositTransactionId} is null and ${t.depositReference} is null) and (${t.depositPaidAt} is null or ${t.depositMinor} > 0)`,
    ),
    check('orders_deposit_before_shipping', sql`${t.status} <> 'Shipped' or ${t.depositMinor} = 0 or ${t.depositPaidAt} is not null`),
    check('orders_status_check', sql`${t.status} in ('Unpaid', 'Paid', 'Shipped', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined')`),
    // An order waiting for its company's approver, or declined by one, is either kind: it goes on as its terms say once approved.
    check(
      'orders_status_fits_terms',
      sql`${t.status} in ('Awaiting approval', 'Declined') or (${t.paymentTerms} = 'card') = (${t.status} in ('Unpaid', 'Paid') or (${t.status} = 'Shipped' and ${t.dueAt} is null))`,
    ),
    check(
      'orders_paid_has_transaction',
      sql`${t.paymentTerms} <> 'card' or ${t.status} in ('Unpaid', 'Awaiting approval', 'Declined') or ${t.transactionId} is not null`,
    ),
    check(
      'orders_paid_has_invoice',
      sql`${t.status} in ('Unpaid', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined') or (${t.invoiceYear} is not null and ${t.invoiceSeq} is not null)`,
    ),
    check('orders_held_or_refused_has_reason', sql`(${t.status} in ('On hold', 'Refused', 'Declined')) = (${t.statusReason} is not null)`),
    check(
      'orders_account_paid_has_reference',
      sql`${t.paymentTerms} = 'card' or ${t.paidAt} is null or ${t.transactionId} is not null or ${t.paymentReference} is not null`,
    ),
    check(
      'orders_shipping_only_when_shipped',
      sql`${t.status} = 'Shipped' or (${t.carrier} is null and ${t.trackingNumber} is null and ${t.shippedAt} is null)`,
    ),
    uniqueIndex('orders_invoice_key').on(t.invoiceYear, t.invoiceSeq),
    uniqueIndex('orders_number_key').on(t.number),
    // Orders belong to the user's id, not the e-mail: a new account with a deleted dealer's address
    // sees none of that dealer's orders (docs/architecture.md, "Data model").
    uniqueIndex('orders_user_client_order_key').on(t.userId, t.clientOrderId),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_unpaid_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'Unpaid'`),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_account_open_idx')
      .on(t.companyId)
      .where(sql`${t.paymentTerms} <> 'card' and ${t.paidAt} is null`),
  ],
);

/**
 * The tax rate of orders shipped to a country, or to one of its states or regions (`region`, '' for the
 * whole country), as admins set them; the most specific one applies (docs/decisions/046).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    /** As invoices print it: "VAT", "Sales tax". */
    name: text('name').notNull(),
    /** Millionths: 190,000 is 19 %. */
    rateMicros: integer('rate_micros').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_rates_place_key').on(t.country, t.region),
    check('tax_rates_rate_check', sql`${t.rateMicros} between 0 and 1000000`),
    check('tax_rates_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_region_check', sql`${t.region} ~ '^[A-Z0-9]{0,3}$'`),
  ],
);

/** Products deleted, with the change number of the deletion, so offline copies drop them too. */
export const productDeletions = pgTable(
  'product_deletions',
  {
    productId: uuid('product_id').primaryKey(),
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('product_version_seq')`),
    /** The deleting transaction, as for products. */
    writtenBy: xid8('written_by')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_deletions_written_by_idx').on(t.writtenBy)],
);

/**
 * The tools of an order (docs/architecture.md, "Data model"): an order is its lines, one or many, each with
 * the tool's name, article number, picture and price as they were when it was placed. Every order has at
 * least one; what a one-tool order's answer names (product, quantity, unit price) is read from them.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The tool's SKU when the order was placed, for the invoice; null on lines placed before SKUs. */
    sku: text('sku'),
    imageUrl: text('image_url'),
    /** In minor units of the order's currency, as are the line's total and the order's. */
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_total_check', sql`${t.lineTotalMinor} = ${t.quantity} * ${t.unitPriceMinor}`),
    index('order_lines_product_idx').on(t.productId),
  ],
);

/**
 * An order over its buyer's spending limit, waiting for the company's approver, and the decision on it: which
 * limit (one order, or the calendar month), the limit and what the buyer had spent that month before it, then
 * who approved or declined it, when, and a decline's reason. The decision's id is the approver's device's, so a
 * decision sent twice (a queued one retried) is taken once (docs/decisions/055-buyer-approvals-and-spending-limits.md).
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    limitKind: text('limit_kind', { enum: ['order', 'month'] }).notNull(),
    limitMinor: bigint('limit_minor', { mode: 'number' }).notNull(),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decision: text('decision', { enum: ['approved', 'declined'] }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    decisionId: uuid('decision_id'),
  },
  (t) => [
    check('order_approvals_limit_kind_check', sql`${t.limitKind} in ('order', 'month')`),
    check('order_approvals_decision_check', sql`${t.decision} is null or ${t.decision} in ('approved', 'declined')`),
    check(
      'order_approvals_decided_check',
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null) = (${t.decidedByName} is null) and (${t.decision} is null) = (${t.decisionId} is null)`,
    ),
    check('order_approvals_decline_has_reason', sql`(${t.decision} = 'declined') = (${t.reason} is not null)`),
    uniqueIndex('order_approvals_decision_key').on(t.decisionId),
    index('order_approvals_waiting_idx')
      .on(t.companyId, t.requestedAt)
      .where(sql`${t.decision} is null`),
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
    /** Hidden by an admin: kept, but never in the public list. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reviews_rating_check', sql`${t.rating} between 1 and 5`), index('reviews_created_at_idx').on(t.createdAt)],
);

/** Payment provider events already applied, so a replayed webhook changes nothing (docs/architecture.md, "Payments"). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the sandbox processor decided for an intent: 'succeeded' when a card payment went through,
 * 'canceled' when the order was deleted first. The first decision stands (one row per intent).
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    intentId: text('intent_id').primaryKey(),
    /** `authorized`: the card is approved and the money reserved, not yet taken (an intent captured later). */
    status: text('status', { enum: ['authorized', 'succeeded', 'canceled'] }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_intents_status_check', sql`${t.status} in ('authorized', 'succeeded', 'canceled')`)],
);

/**
 * Background jobs run in every process; a run is claimed by moving next_run_at forward with a conditional
 * update, so each run happens in one process (docs/decisions/011-unpaid-orders-expire.md).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/**
 * The last invoice number given in each year. Taking the next one locks the year's row until the payment
 * commits, so numbers are gap-free and never given twice (docs/decisions/013-invoices-and-mail-queue.md).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNo: integer('last_no').notNull(),
});

/**
 * E-mails to send, written in the same statement as the order change they tell of, and sent by the
 * background job (docs/decisions/013-invoices-and-mail-queue.md). A row is claimed by moving it to
 * 'sending' with a lease; a sender that died leaves it to be claimed again once the lease is over.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    /** What the mail is about: exactly one of an order, an invitation or a company (its approval or rejection). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => companyInvitations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    state: text('state', { enum: MAIL_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'mail_queue_kind_check',
      sql`${t.kind} in ('order_placed', 'order_paid', 'order_shipped', 'order_paid_admin', 'order_on_hold_admin', 'order_released', 'order_refused', 'invoice_reminder', 'order_deposit_paid', 'order_deposit_paid_admin', 'order_approval_waiting', 'order_approved', 'order_declined', 'company_invitation', 'company_approved', 'company_rejected')`,
    ),
    check(
      'mail_queue_subject_check',
      sql`case when ${t.kind} = 'company_invitation' then ${t.invitationId} is not null and ${t.orderId} is null and ${t.companyId} is null
               when ${t.kind} in ('company_approved', 'company_rejected') then ${t.companyId} is not null and ${t.orderId} is null and ${t.invitationId} is null
               else ${t.orderId} is not null and ${t.invitationId} is null and ${t.companyId} is null end`,
    ),
    check('mail_queue_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    uniqueIndex('mail_queue_once_key').on(t.kind, t.orderId, t.recipient),
    uniqueIndex('mail_queue_invitation_once_key').on(t.invitationId, t.recipient),
    index('mail_queue_company_idx').on(t.companyId),
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('mail_queue_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.lastError} is not null and ${t.state} <> 'sent'`),
  ],
);

/**
 * The devices that receive notifications (Web Push, docs/notifications.md): one row per browser subscription,
 * by the push service's address for it, belonging to the user signed in when it was made. A device whose
 * push service answers that the subscription is gone (404, 410) is forgotten.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and authentication secret (base64url) the messages are encrypted for. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Notifications waiting to go to one device, put in by the transaction of the event they tell of, so one goes
 * out only once that event is committed, and sent by the background job as mails are (docs/decisions/013).
 * A message sent is deleted; one given up keeps its last error.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PUSH_KINDS }).notNull(),
    /** The order it tells of; null for a kind about something else (a quote). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    tag: text('tag').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'push_queue_kind_check',
      sql`${t.kind} in ('order_paid', 'order_on_hold', 'order_shipped', 'quote_requested', 'quote_answered', 'approval_waiting', 'approval_decided')`,
    ),
    check('push_queue_state_check', sql`${t.state} in ('queued', 'sending', 'failed')`),
    uniqueIndex('push_queue_once_key').on(t.kind, t.orderId, t.subscriptionId),
    index('push_queue_subscription_idx').on(t.subscriptionId),
    index('push_queue_order_idx').on(t.orderId),
    index('push_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
  ],
);

/** node-postgres reads bytea as a Buffer and PGlite as a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded pictures when the database is PostgreSQL, so that every process serves every picture
 * (docs/decisions/012-shared-state-for-several-processes.md). Keyed by the SHA-256 of the bytes, which
 * never change under a name; PGlite installs keep them in DATA_DIR/uploads instead.
 */
export const images = pgTable(
  'images',
  {
    hash: text('hash').primaryKey(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('images_hash_check', sql`${t.hash} ~ '^[a-f0-9]{64}$'`)],
);

/**
 * The narrower copies of the pictures in `images` (src/contract/pictures.ts), served as
 * /uploads/<hash>-<width>w.webp; they go with their picture.
 */
export const imageWidths = pgTable(
  'image_widths',
  {
    hash: text('hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] }), check('image_widths_width_check', sql`${t.width} > 0`)],
);

/**
 * The PDF of an issued invoice, drawn at its first download and kept: an invoice does not change once
 * issued, so every later download sends these bytes (docs/decisions/028-costly-answers-made-once.md).
 */
export const invoiceDocuments = pgTable('invoice_documents', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  /** The SHA-256 of the bytes (base64url), sent as the download's ETag. */
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  users,
  products,
  productDeletions,
  orders,
  orderLines,
  reviews,
  paymentEvents,
  sandboxIntents,
  jobRuns,
  invoiceCounters,
  mailQueue,
  pushSubscriptions,
  pushQueue,
  images,
  imageWidths,
  invoiceDocuments,
  companies,
  companyLocations,
  companyMembers,
  companyInvitations,
  auditLog,
  shopSettings,
  priceLists,
  priceListEntries,
  taxRates,
};

/**
 * One card payment of several invoices on account (the dealer's invoice portal, docs/decisions/044): the
 * orders it settles and their sum in cents, both fixed by the server when the intent is made, and the
 * intent, bound to this row's id as an order's intent is to the order's. Confirming it marks every one of
 * its orders paid in one transaction, once: the row moves from pending to paid in that same transaction.
 * A newer payment of any of the same invoices cancels a pending one, so one invoice has one open intent.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The dealer who started it; null once that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    orderIds: uuid('order_ids').array().notNull(),
    /** In minor units of `currency`: the sum of the orders' totals when the intent was made. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    intentId: text('intent_id'),
    state: text('state', { enum: ['pending', 'paid', 'canceled'] })
      .notNull()
      .default('pending'),
    /** The processor's id of the payment that paid it. */
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('invoice_payments_state_check', sql`${t.state} in ('pending', 'paid', 'canceled')`),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
    check('invoice_payments_orders_check', sql`cardinality(${t.orderIds}) between 1 and 50`),
    check('invoice_payments_paid_check', sql`(${t.state} = 'paid') = (${t.paidAt} is not null and ${t.transactionId} is not null)`),
    index('invoice_payments_user_idx').on(t.userId, t.createdAt),
    index('invoice_payments_pending_orders_idx')
      .using('gin', t.orderIds)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A company's saved lists ("Weekly restock"): named sets of tools and quantities that every member of the
 * company and its sales reps see and turn into an order pad (docs/decisions/054-saved-lists.md). The id is
 * made by the app that first saved the list, so the same save sent again changes nothing. Each line keeps the
 * tool's name and SKU as they were when the list was saved: a tool deleted since is still named on the list.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<{ productId: string; quantity: number; productName: string; sku: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who saved it last: the account (null once it is deleted) and its name as it was then. */
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name').notNull(),
  },
  (t) => [
    uniqueIndex('saved_lists_name_key').on(t.companyId, sql`lower(${t.name})`),
    check('saved_lists_name_check', sql`char_length(${t.name}) between 1 and 80`),
    check('saved_lists_lines_check', sql`case when jsonb_typeof(${t.lines}) = 'array' then jsonb_array_length(${t.lines}) between 1 and 1000 else false end`),
  ],
);

/** The running number in every quote number (`Q-2026-00012`), as orders have theirs (docs/decisions/058-quotes.md). */
export const quoteNumberSeq = pgSequence('quote_number_seq');

/** One line of a quote: the tool as it was asked for, the dealer's own unit price then, and the shop's once quoted. */
export interface QuoteLineRow {
  productId: string;
  productName: string;
  sku: string | null;
  imageUrl: string;
  quantity: number;
  requestedUnitPriceMinor: number;
  quotedUnitPriceMinor: number | null;
}

/**
 * A dealer's request for prices on a list of tools, and the shop's answer (docs/decisions/058-quotes.md). Its lines
 * are fixed when it is asked for; the shop prices every line, in the quote's currency, until a last day to accept.
 * `expired` is not stored: a quoted quote whose day has passed reads as expired.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number')
      .notNull()
      .default(sql`('Q' || substr(format_order_number(now(), nextval('quote_number_seq')), 2))`),
    /** Made by the app when the request was saved: the same request sent twice is one quote. */
    clientQuoteId: uuid('client_quote_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['requested', 'quoted', 'accepted', 'declined'] })
      .notNull()
      .default('requested'),
    /** Goes up with every answer of the shop's: an acceptance names the version the dealer read. */
    version: integer('version').notNull().default(0),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<QuoteLineRow[]>().notNull(),
    /** The last day (UTC) it may be accepted; set by the shop's answer. */
    expiresOn: text('expires_on'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_number_key').on(t.number),
    uniqueIndex('quotes_client_key').on(t.userId, t.clientQuoteId),
    index('quotes_company_idx').on(t.companyId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.createdAt),
    check('quotes_status_check', sql`${t.status} in ('requested', 'quoted', 'accepted', 'declined')`),
    check('quotes_expires_on_check', sql`${t.expiresOn} is null or ${t.expiresOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check('quotes_quoted_has_expiry', sql`${t.status} = 'requested' or ${t.status} = 'declined' or ${t.expiresOn} is not null`),
    check('quotes_lines_check', sql`case when jsonb_typeof(${t.lines}) = 'array' then jsonb_array_length(${t.lines}) between 1 and 1000 else false end`),
  ],
);

/** A quote's thread: every message, and what each step said, from the dealer's side or the shop's. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['dealer', 'shop'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    event: text('event', { enum: ['requested', 'quoted', 'asked_again', 'declined', 'accepted', 'message'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.createdAt),
    check('quote_messages_side_check', sql`${t.side} in ('dealer', 'shop')`),
    check('quote_messages_body_check', sql`char_length(${t.body}) <= 2000`),
  ],
);
