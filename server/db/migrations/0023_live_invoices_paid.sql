-- An invoice on account paid (a bank transfer recorded, or a card through the dealer's invoice portal) is
-- announced on the live orders stream as `paid`, as a card order's payment is, so Manage Orders and
-- Receivables follow it (docs/decisions/044-orders-on-account.md). Its status stays Shipped: the trigger now
-- also fires when `paid_at` is set. Releasing or refusing an order on hold is a change of status, announced as
-- before (kind `placed`).
CREATE OR REPLACE FUNCTION notify_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHEN OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL THEN 'paid'
      WHEN NEW.status = 'Shipped' THEN 'shipped'
      ELSE 'placed'
    END;
  END IF;
  PERFORM pg_notify('orders_changed', json_build_object('id', row_id, 'status', row_status, 'kind', change)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER orders_changed_status ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_changed_status AFTER UPDATE OF status, paid_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at) EXECUTE FUNCTION notify_orders_changed();
