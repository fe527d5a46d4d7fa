-- Every change to products (stock included) tells every process that the cached catalogue is stale: NOTIFY
-- is sent on commit, dropped on rollback, and once per transaction however many statements changed it.
-- A trigger needs no round trip of its own and cannot be forgotten by new code (docs/decisions/009).
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
