CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_queue_kind_check" CHECK ("mail_queue"."kind" in ('order_placed', 'order_paid', 'order_shipped', 'order_paid_admin')),
	CONSTRAINT "mail_queue_state_check" CHECK ("mail_queue"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_year" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seq" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_paid_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Orders paid before invoices existed get their numbers now: per year of payment, in the order they were
-- paid; each year's counter goes on from the last of them. Their lines get the SKU their tool has now.
UPDATE "orders" SET "paid_at" = "created_at" WHERE "status" <> 'Unpaid' AND "paid_at" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "invoice_year" = n."year", "invoice_seq" = n."seq"
  FROM (SELECT "id", extract(year FROM "paid_at" AT TIME ZONE 'UTC')::int AS "year",
               row_number() OVER (PARTITION BY extract(year FROM "paid_at" AT TIME ZONE 'UTC') ORDER BY "paid_at", "id")::int AS "seq"
          FROM "orders" WHERE "status" <> 'Unpaid') AS n
 WHERE "orders"."id" = n."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last_no") SELECT "invoice_year", max("invoice_seq") FROM "orders" WHERE "invoice_year" IS NOT NULL GROUP BY "invoice_year";--> statement-breakpoint
UPDATE "order_lines" SET "sku" = "products"."sku" FROM "products" WHERE "products"."id" = "order_lines"."product_id";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_once_key" ON "mail_queue" USING btree ("kind","order_id","recipient");--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mail_queue_failed_idx" ON "mail_queue" USING btree ("created_at") WHERE "mail_queue"."last_error" is not null and "mail_queue"."state" <> 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_key" ON "orders" USING btree ("invoice_year","invoice_seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice" CHECK ("orders"."status" = 'Unpaid' or ("orders"."invoice_year" is not null and "orders"."invoice_seq" is not null));