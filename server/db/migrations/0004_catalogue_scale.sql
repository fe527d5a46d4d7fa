CREATE SEQUENCE "public"."product_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_deletions" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT nextval('product_version_seq') NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
-- Tools added before SKUs get one made from their id; admins give new tools their own.
UPDATE "products" SET "sku" = 'FL-' || upper(substr(replace("id"::text, '-', ''), 1, 8));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'General' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "category" = CASE
  WHEN "name" ILIKE '%grinder%' THEN 'Grinders'
  WHEN "name" ILIKE '%saw%' THEN 'Saws'
  WHEN "name" ILIKE '%hammer%' THEN 'Hammers'
  WHEN "name" ILIKE '%drill%' THEN 'Drills'
  WHEN "name" ILIKE '%sander%' THEN 'Sanders'
  ELSE 'General' END;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" bigint DEFAULT nextval('product_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name || ' ' || sku), 'A') || setweight(to_tsvector('simple', description), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "products_version_idx" ON "products" USING btree ("version");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
-- A changed product takes the next change number; a deleted one leaves its id and number behind.
CREATE FUNCTION products_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('product_version_seq');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_next_version();--> statement-breakpoint
CREATE FUNCTION products_record_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_deletions (product_id) VALUES (OLD.id)
    ON CONFLICT (product_id) DO UPDATE SET version = nextval('product_version_seq'), deleted_at = now();
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_deletion AFTER DELETE ON products FOR EACH ROW EXECUTE FUNCTION products_record_deletion();
