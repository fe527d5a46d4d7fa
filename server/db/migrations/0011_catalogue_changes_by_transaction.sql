-- The catalogue's change feed reads rows by the transaction that wrote them (docs/decisions/023): a
-- change number is taken when a row is written, but the row is seen only when its transaction commits,
-- and transactions commit in any order, so a sync that stored the highest number it saw could pass a
-- change still being committed and never ask for it again. Existing rows take this migration's
-- transaction; every later insert, update and deletion its own.
ALTER TABLE "product_deletions" ADD COLUMN "written_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "written_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_deletions_written_by_idx" ON "product_deletions" USING btree ("written_by");--> statement-breakpoint
CREATE INDEX "products_written_by_idx" ON "products" USING btree ("written_by");--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('product_version_seq');
  NEW.written_by := pg_current_xact_id();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_record_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_deletions (product_id) VALUES (OLD.id)
    ON CONFLICT (product_id) DO UPDATE SET version = nextval('product_version_seq'), written_by = pg_current_xact_id(), deleted_at = now();
  RETURN OLD;
END;
$$;
