-- Hand-written: every committed change to orders (a purchase, each move, a cancel, a script) tells every API
-- process whose desk changed, on the channel of the invalidation bus (apps/api/src/lib/cache/bus.ts), as
-- migration 0003 does for products. The tag is `orders:` and the md5 of the supplier's uid: a uid may hold
-- the comma that separates tags, a hash never does. An update names the supplier before and after it.
-- Tags on the bus: none is nothing, too many to list (a bulk import) is everything.
CREATE FUNCTION "notify_invalidation"(tags text) RETURNS void LANGUAGE sql AS $$
	SELECT pg_notify('bulkwise_invalidate', CASE WHEN length(tags) > 7000 THEN '*' ELSE tags END) WHERE tags IS NOT NULL;
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT 'orders:' || md5("supplier_uid"), ',') FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT 'orders:' || md5("supplier_uid"), ',') FROM old_rows));
	ELSE
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT 'orders:' || md5(u), ',')
			FROM (SELECT "supplier_uid" AS u FROM old_rows UNION SELECT "supplier_uid" FROM new_rows) s));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_notify_insert" AFTER INSERT ON "cart_items"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_notify_update" AFTER UPDATE ON "cart_items"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_notify_delete" AFTER DELETE ON "cart_items"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_change"();
