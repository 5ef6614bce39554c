-- The products trigger of 0019, which also names the owners whose products changed: `inventory:` and the md5
-- of the owner's uid (as `orders:` in 0009). The supplier's insights inventory (stock against thresholds and
-- minimum orders, names, SKUs) is cached under it, so an edit, an import or a script on products drops it on
-- every instance. A purchase notifies nothing here (it defers); it publishes the supplier's `orders:` tag,
-- which the inventory is kept under as well.
CREATE OR REPLACE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
	owners text;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ','),
			string_agg(DISTINCT 'inventory:' || md5("owner_uid"), ',')
		INTO payload, owners FROM old_rows;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ','),
			string_agg(DISTINCT 'inventory:' || md5("owner_uid"), ',')
		INTO payload, owners FROM new_rows;
	ELSE
		SELECT string_agg(
			CASE WHEN (to_jsonb(o) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				= (to_jsonb(n) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				THEN 'stock:' ELSE 'product:' END || n."id"::text
			|| CASE WHEN o."search_vector" IS DISTINCT FROM n."search_vector" THEN ',text:' || n."id"::text ELSE '' END,
			',')
		INTO payload FROM old_rows o JOIN new_rows n ON n."id" = o."id";
		-- Both sides, should a row ever change hands.
		SELECT string_agg(DISTINCT 'inventory:' || md5(u), ',') INTO owners
		FROM (SELECT "owner_uid" AS u FROM old_rows UNION SELECT "owner_uid" FROM new_rows) changed;
	END IF;
	IF payload IS NULL THEN
		RETURN NULL;
	END IF;
	payload := payload || ',' || owners;
	IF length(payload) > 7000 THEN
		payload := '*';
	END IF;
	PERFORM pg_notify('bulkwise_invalidate', payload);
	RETURN NULL;
END
$$;
