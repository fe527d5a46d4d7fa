-- Barcodes (docs/decisions/048-barcodes-on-the-counter.md): a tool's GTIN, the number printed under the barcode on its box,
-- unique when given. Tools made before have none; the demo catalogue's get theirs when the server starts.
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_gtin_key" ON "products" USING btree ("gtin");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_check" CHECK ("products"."gtin" ~ '^([0-9]{8}|[0-9]{13,14})$');