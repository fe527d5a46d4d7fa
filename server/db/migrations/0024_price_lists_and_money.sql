-- Price lists and money in minor units (docs/decisions/045-price-lists-and-money.md): price lists with their
-- entries, a company's price list, and orders that record their currency, the list and version they were
-- priced at, and every amount in minor units of that currency. Orders placed before were in whole US dollars:
-- their amounts become cents here.
CREATE TABLE "price_list_entries" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" bigint,
	"percent_off" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "price_list_entries_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_entries_one_kind_check" CHECK ("price_list_entries"."price" is null or "price_list_entries"."percent_off" is null),
	CONSTRAINT "price_list_entries_price_check" CHECK ("price_list_entries"."price" is null or "price_list_entries"."price" > 0),
	CONSTRAINT "price_list_entries_percent_check" CHECK ("price_list_entries"."percent_off" is null or "price_list_entries"."percent_off" between 0 and 9900)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"rate_micros" bigint NOT NULL,
	"default_percent_off" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_currency_check" CHECK ("price_lists"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "price_lists_rate_check" CHECK ("price_lists"."rate_micros" > 0 and ("price_lists"."currency" <> 'USD' or "price_lists"."rate_micros" = 1000000)),
	CONSTRAINT "price_lists_percent_check" CHECK ("price_lists"."default_percent_off" between 0 and 9900)
);
--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "unit_price" TO "unit_price_minor";--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "line_total" TO "line_total_minor";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "total_price" TO "total_minor";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_total_check";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "unit_price_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "line_total_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_minor" SET DATA TYPE bigint;--> statement-breakpoint
UPDATE "order_lines" SET "unit_price_minor" = "unit_price_minor" * 100, "line_total_minor" = "line_total_minor" * 100;--> statement-breakpoint
UPDATE "orders" SET "total_minor" = "total_minor" * 100;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "price_list_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_list_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_list_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rate_micros" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_entries_version_idx" ON "price_list_entries" USING btree ("price_list_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."line_total_minor" = "order_lines"."quantity" * "order_lines"."unit_price_minor");