CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"image_url" text,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."line_total" = "order_lines"."quantity" * "order_lines"."unit_price")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_order" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_order_check" CHECK ("products"."max_order" is null or "products"."max_order" >= "products"."min_order");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_check" CHECK ("products"."pack_size" > 0);--> statement-breakpoint
-- Every order placed before bulk orders becomes an order with one line.
INSERT INTO "order_lines" ("order_id", "line_no", "product_id", "product_name", "image_url", "unit_price", "quantity", "line_total")
  SELECT "id", 1, "product_id", "product_name", "image_url", "unit_price", "quantity", "total_price" FROM "orders";
