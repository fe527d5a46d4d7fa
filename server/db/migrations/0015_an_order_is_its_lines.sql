-- An order is its lines (docs/decisions/030): the order row loses the first line's product, name, picture,
-- unit price and the pieces it counted, which every answer now reads from order_lines. An order without a
-- line (none should exist since 0003) gets its own values as its one line first, so nothing is lost. The
-- pieces each user holds unpaid (0010, decision 022) are now counted from the lines: a line added to an
-- unpaid order adds its pieces, and an unpaid order that is paid or deleted takes its lines' pieces off.
-- The deletion is counted before the row goes, while its lines (ON DELETE CASCADE) are still there.
INSERT INTO "order_lines" ("order_id", "line_no", "product_id", "product_name", "sku", "image_url", "unit_price", "quantity", "line_total")
  SELECT o."id", 1, o."product_id", o."product_name", (SELECT p."sku" FROM "products" p WHERE p."id" = o."product_id"), o."image_url",
         o."unit_price", o."quantity", o."unit_price" * o."quantity"
    FROM "orders" o
   WHERE NOT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id");--> statement-breakpoint
DROP TRIGGER "orders_unpaid_units_insert_delete" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_unpaid_units_update" ON "orders";--> statement-breakpoint
DROP FUNCTION count_unpaid_units();--> statement-breakpoint
CREATE FUNCTION order_pieces(uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(quantity), 0)::int FROM order_lines WHERE order_lines.order_id = $1
$$;--> statement-breakpoint
CREATE FUNCTION count_unpaid_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'Unpaid' AND OLD.user_id IS NOT NULL THEN
    UPDATE users SET unpaid_units = unpaid_units - order_pieces(OLD.id) WHERE id = OLD.user_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'Unpaid' AND NEW.user_id IS NOT NULL THEN
    UPDATE users SET unpaid_units = unpaid_units + order_pieces(NEW.id) WHERE id = NEW.user_id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION count_unpaid_line_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET unpaid_units = u.unpaid_units + NEW.quantity
    FROM orders o
   WHERE o.id = NEW.order_id AND o.status = 'Unpaid' AND u.id = o.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_unpaid_units_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION count_unpaid_units();--> statement-breakpoint
CREATE TRIGGER orders_unpaid_units_update AFTER UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION count_unpaid_units();--> statement-breakpoint
CREATE TRIGGER order_lines_unpaid_units_insert AFTER INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION count_unpaid_line_units();--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "image_url";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";
