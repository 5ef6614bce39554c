-- Public listing pages, first and later, are kept under what can change them (decision 0005): the
-- products they show (`product:<id>`, `stock:<id>`, from the trigger of 0030), who is in their filter,
-- and in a price order the price buckets their window covers. This second statement trigger names the
-- last two, in a notification of its own: `members:<category>` and `members:all` for a product created,
-- deleted, or moved between categories or minimum orders; `price:<category>:<bucket>` and
-- `price:all:<bucket>` for a price that changed, in the bucket of the new price (a product leaving a
-- window was shown there, so its own tag drops the page). More than one NOTIFY can carry (a price change
-- over thousands of products) becomes the members tags of every category touched: all their pages go.
-- The bucket: the price in cents cut to two significant digits, under $1 bucket 0, from $100,000 one
-- bucket (the API computes the same: listing.tags.ts priceBucket).
CREATE FUNCTION "product_price_bucket"(price numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN c < 100 THEN 0
		WHEN c >= 10000000 THEN 10000000
		ELSE c / (10 ^ (length(c::text) - 2))::bigint * (10 ^ (length(c::text) - 2))::bigint
	END
	FROM (SELECT round(price * 100)::bigint AS c) cents
$$;
--> statement-breakpoint
CREATE FUNCTION "products_notify_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg(DISTINCT 'members:' || "category_slug", ',') || ',members:all' INTO payload FROM old_rows;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg(DISTINCT 'members:' || "category_slug", ',') || ',members:all' INTO payload FROM new_rows;
	ELSE
		SELECT string_agg(DISTINCT tag, ',') INTO payload FROM (
			SELECT unnest(ARRAY['members:' || o."category_slug", 'members:' || n."category_slug", 'members:all']) AS tag
			FROM old_rows o JOIN new_rows n ON n."id" = o."id"
			WHERE o."category_slug" IS DISTINCT FROM n."category_slug"
				OR o."min_selling_quantity" IS DISTINCT FROM n."min_selling_quantity"
			UNION ALL
			SELECT unnest(ARRAY['price:' || n."category_slug" || ':' || b, 'price:all:' || b])
			FROM old_rows o JOIN new_rows n ON n."id" = o."id", product_price_bucket(n."price") b
			WHERE o."price" IS DISTINCT FROM n."price"
		) changed;
		IF octet_length(payload) > 7000 THEN
			SELECT string_agg(DISTINCT 'members:' || "category_slug", ',') || ',members:all' INTO payload
			FROM (SELECT "category_slug" FROM old_rows UNION SELECT "category_slug" FROM new_rows) touched;
		END IF;
	END IF;
	IF payload IS NULL THEN
		RETURN NULL;
	END IF;
	PERFORM pg_notify('bulkwise_invalidate', payload);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_notify_listing_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_listing"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_listing_update" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_listing"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_listing_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_listing"();
