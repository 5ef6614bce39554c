-- Hand-written: the products trigger names what a write changed, so that caches drop only what could
-- show it (modules/products/products.cache.ts):
--   product:<id>  the product's public fields other than its stock: its page, and every listing, count
--                 and search page (they may filter, sort or count by it);
--   stock:<id>    only its stock changed (a cart removal, an order cancelled, a script): its page and the
--                 pages it is on, nothing else (no listing filters or sorts by stock);
--   text:<id>     its searchable text changed (search_vector): the search word lists too.
-- The update trigger now also keeps the old rows, to compare them.
CREATE OR REPLACE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ',') INTO payload FROM old_rows;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ',') INTO payload FROM new_rows;
	ELSE
		SELECT string_agg(
			CASE WHEN (to_jsonb(o) - 'main_quantity' - 'updated_at') = (to_jsonb(n) - 'main_quantity' - 'updated_at')
				THEN 'stock:' ELSE 'product:' END || n."id"::text
			|| CASE WHEN o."search_vector" IS DISTINCT FROM n."search_vector" THEN ',text:' || n."id"::text ELSE '' END,
			',')
		INTO payload FROM old_rows o JOIN new_rows n ON n."id" = o."id";
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
DROP TRIGGER "products_notify_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_update" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_change"();
