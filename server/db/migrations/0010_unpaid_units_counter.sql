-- The pieces each user holds in Unpaid orders, kept in the user's row (docs/decisions/022): placing an
-- order reads it under the user's lock instead of summing every unpaid order, which grew with each one.
-- A trigger keeps it for every path that places, pays, deletes or expires an order. An order's quantity
-- is the sum of its lines' pieces. A deleted user's orders lose their user (ON DELETE SET NULL): there
-- is nobody left to count them for.
ALTER TABLE "users" ADD COLUMN "unpaid_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unpaid_units_check" CHECK ("users"."unpaid_units" >= 0);--> statement-breakpoint
UPDATE users u SET unpaid_units = held.pieces
  FROM (SELECT user_id, sum(quantity)::int AS pieces FROM orders WHERE status = 'Unpaid' AND user_id IS NOT NULL GROUP BY user_id) held
 WHERE held.user_id = u.id;--> statement-breakpoint
CREATE FUNCTION count_unpaid_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'Unpaid' AND OLD.user_id IS NOT NULL THEN
    UPDATE users SET unpaid_units = unpaid_units - OLD.quantity WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'Unpaid' AND NEW.user_id IS NOT NULL THEN
    UPDATE users SET unpaid_units = unpaid_units + NEW.quantity WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_unpaid_units_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION count_unpaid_units();--> statement-breakpoint
CREATE TRIGGER orders_unpaid_units_update AFTER UPDATE OF status, quantity ON orders
  FOR EACH ROW EXECUTE FUNCTION count_unpaid_units();
