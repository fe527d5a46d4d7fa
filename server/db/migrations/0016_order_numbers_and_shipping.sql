-- Order numbers and shipping details (docs/decisions/035-order-numbers.md). Every order gets a number people
-- can read out, `O-<year placed, UTC>-<running number>`, from a sequence in the statement that inserts it;
-- the orders already there are numbered first, in the order they were placed, and the sequence goes on
-- after the last of them. A shipped order may name its carrier and tracking number; an order that is not
-- shipped (or whose shipping was undone) has neither, nor a shipping time.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- At least five digits, more once the running number needs them: lpad alone would cut a longer number short.
CREATE FUNCTION format_order_number(placed timestamptz, n bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT 'O-' || to_char(placed AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(n::text, greatest(5, length(n::text)), '0')
$$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text;--> statement-breakpoint
UPDATE "orders" o SET "number" = format_order_number(o."created_at", placed.n)
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") placed
 WHERE placed."id" = o."id";--> statement-breakpoint
SELECT setval('order_number_seq', (SELECT count(*) FROM "orders") + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT format_order_number(now(), nextval('order_number_seq'));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_only_when_shipped" CHECK ("orders"."status" = 'Shipped' or ("orders"."carrier" is null and "orders"."tracking_number" is null and "orders"."shipped_at" is null));
