-- Hand-written: a NOTIFY inside a write transaction serialises every notifying commit of the database
-- (PostgreSQL holds a database-wide lock from before the commit record until it is flushed; decision
-- 0010 measured purchases halved). A transaction that sets `bulkwise.defer_notify` to 'on' (set_config
-- with is_local, so it ends with the transaction) takes on the duty of publishing the same tags itself
-- right after its commit: the API's purchase does (lib/cache/bus.ts `publish`). Every other writer
-- (other API paths, scripts, psql, migrations) never sets it and keeps notifying from here, at commit.
CREATE OR REPLACE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg('product:' || "id"::text, ',') INTO payload FROM old_rows;
	ELSE
		SELECT string_agg('product:' || "id"::text, ',') INTO payload FROM new_rows;
	END IF;
	IF payload IS NULL THEN
		RETURN NULL;
	END IF;
	IF length(payload) > 7000 THEN
		payload := '*';
	END IF;
	PERFORM pg_notify('bulkwise_invalidate', payload);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
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
