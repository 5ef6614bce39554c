CREATE TABLE "product_counts" (
	"category_slug" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"bulk" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit models tables, not triggers). The lock keeps writers of other
-- processes out between creating the triggers and the backfill, so no product is missed or counted twice.
LOCK TABLE "products" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Every change is one INSERT ... ON CONFLICT of per-category deltas in category order: a counter row is
-- locked once per statement, always in the same order, so concurrent writers queue instead of deadlocking.
-- Statement-level with transition tables: a 2,000-row insert updates each category's row once.
-- "bulk" is the All Products "available" filter: minimum order over 100 (MIN_ORDER_FILTER_THRESHOLD).
CREATE FUNCTION "product_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_counts" AS pc ("category_slug", "total", "bulk")
	SELECT "category_slug", count(*), count(*) FILTER (WHERE "min_selling_quantity" > 100)
	FROM new_rows GROUP BY "category_slug" ORDER BY "category_slug"
	ON CONFLICT ("category_slug") DO UPDATE SET "total" = pc."total" + excluded."total", "bulk" = pc."bulk" + excluded."bulk";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_counts" AS pc ("category_slug", "total", "bulk")
	SELECT "category_slug", -count(*), -count(*) FILTER (WHERE "min_selling_quantity" > 100)
	FROM old_rows GROUP BY "category_slug" ORDER BY "category_slug"
	ON CONFLICT ("category_slug") DO UPDATE SET "total" = pc."total" + excluded."total", "bulk" = pc."bulk" + excluded."bulk";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row-level for updates: a statement-level UPDATE trigger with transition tables cannot name columns,
-- so it would run on every purchase (which changes only main_quantity) and lock a category's counter.
CREATE FUNCTION "product_counts_on_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_counts" AS pc ("category_slug", "total", "bulk")
	SELECT d."category_slug", sum(d."total"), sum(d."bulk")
	FROM (VALUES
		(OLD."category_slug", -1, -(OLD."min_selling_quantity" > 100)::int),
		(NEW."category_slug", 1, (NEW."min_selling_quantity" > 100)::int)
	) AS d ("category_slug", "total", "bulk")
	GROUP BY d."category_slug" ORDER BY d."category_slug"
	ON CONFLICT ("category_slug") DO UPDATE SET "total" = pc."total" + excluded."total", "bulk" = pc."bulk" + excluded."bulk";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "product_counts";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "products_count_update" AFTER UPDATE OF "category_slug", "min_selling_quantity" ON "products"
	FOR EACH ROW
	WHEN (OLD."category_slug" IS DISTINCT FROM NEW."category_slug"
		OR (OLD."min_selling_quantity" > 100) IS DISTINCT FROM (NEW."min_selling_quantity" > 100))
	EXECUTE FUNCTION "product_counts_on_move"();
--> statement-breakpoint
CREATE TRIGGER "products_count_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_on_truncate"();
--> statement-breakpoint
INSERT INTO "product_counts" ("category_slug", "total", "bulk")
SELECT "category_slug", count(*), count(*) FILTER (WHERE "min_selling_quantity" > 100)
FROM "products" GROUP BY "category_slug";
--> statement-breakpoint
-- Every purchase rewrites its product's row to change the stock. With room left on each page the new
-- version stays on the same page (a HOT update) and none of the eight indexes of products gets an entry;
-- on a full page all eight do. Applies to pages written from now on.
ALTER TABLE "products" SET (fillfactor = 90);
