-- Every order placed, paid, shipped or deleted tells every process, so admins' open Manage Orders pages
-- follow it live (docs/decisions/014). The payload is the order id, its status and what happened; NOTIFY is
-- sent on commit and dropped on rollback. Other updates (a deleted user's orders losing their user) are
-- not announced: the list's rows do not change status.
CREATE FUNCTION notify_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id uuid;
  row_status text;
  change text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id;
    row_status := OLD.status;
    change := 'deleted';
  ELSE
    row_id := NEW.id;
    row_status := NEW.status;
    change := CASE
      WHEN TG_OP = 'INSERT' THEN 'placed'
      WHEN NEW.status = 'Paid' THEN 'paid'
      WHEN NEW.status = 'Shipped' THEN 'shipped'
      ELSE 'placed'
    END;
  END IF;
  PERFORM pg_notify('orders_changed', json_build_object('id', row_id, 'status', row_status, 'kind', change)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_changed_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_changed_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_orders_changed();
