-- The search vector splits text at punctuation as the app splits a search (searchWords in
-- src/contract/product.ts), so the server and the device's saved copy find the same tools. Left to the
-- text parser, `FL-12345678` was `fl` and the number `-12345678`, which no search for the SKU matched,
-- and `2.5` one number where the search has `2` and `5`. Dropping the column drops its index too.
ALTER TABLE "products" drop column "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', regexp_replace(name || ' ' || sku, '[[:punct:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple', regexp_replace(description, '[[:punct:]]+', ' ', 'g')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");
