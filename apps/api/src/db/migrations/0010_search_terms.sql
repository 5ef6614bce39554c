-- Inverted index of the catalog search (docs/decisions/0009-search.md), hand-written like 0002_search.
-- One row per (word, product) with the best field the word appears in (0 name, 1 brand, 2 category,
-- 3 description), taken from products.search_vector. The btree (word, field, product_id) hands out the
-- products of one word in one field newest id first, so the first page of a one-word search is read in
-- rank order and stops after the page, and its count is an index-only scan of the word's entries.
-- Kept exact by triggers (no foreign key: deletes find their rows from the old vector). Column "word"
-- is in the "C" collation so that a prefix is a byte range whatever the database's locale.
CREATE TABLE "product_search_terms" (
	"word" text COLLATE "C" NOT NULL,
	"field" smallint NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
-- The distinct words of a vector with their best field (weights sort A < B < C < D; a lexeme without
-- positions counts as description).
CREATE FUNCTION "bulkwise_search_terms"(tsvector) RETURNS TABLE ("word" text, "field" smallint)
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT ROWS 40 AS $$
	SELECT l.lexeme, coalesce((SELECT ascii(min(w)) - 65 FROM unnest(l.weights) AS w), 3)::smallint
	FROM unnest($1) AS l
$$;
--> statement-breakpoint
INSERT INTO "product_search_terms" ("word", "field", "product_id")
SELECT t."word", t."field", p."id" FROM "products" p, bulkwise_search_terms(p."search_vector") t;
--> statement-breakpoint
CREATE INDEX "product_search_terms_idx" ON "product_search_terms" ("word", "field", "product_id");
--> statement-breakpoint
CREATE FUNCTION "product_search_terms_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search_terms" ("word", "field", "product_id")
	SELECT t."word", t."field", n."id" FROM new_rows n, bulkwise_search_terms(n."search_vector") t;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row by row and entry by entry, so that every delete is an exact probe of the btree.
CREATE FUNCTION "product_search_terms_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	t record;
BEGIN
	FOR t IN SELECT * FROM bulkwise_search_terms(OLD."search_vector") LOOP
		DELETE FROM "product_search_terms"
		WHERE "word" = t."word" AND "field" = t."field" AND "product_id" = OLD."id";
	END LOOP;
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO "product_search_terms" ("word", "field", "product_id")
		SELECT s."word", s."field", NEW."id" FROM bulkwise_search_terms(NEW."search_vector") s;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_terms_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE "product_search_terms";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_terms_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_terms_on_insert"();
--> statement-breakpoint
-- Limited to the text columns: purchases, which change only the stock, never run it.
CREATE TRIGGER "products_search_terms_update" AFTER UPDATE OF "id", "name", "brand_name", "category", "description" ON "products"
	FOR EACH ROW
	WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector" OR OLD."id" IS DISTINCT FROM NEW."id")
	EXECUTE FUNCTION "product_search_terms_on_change"();
--> statement-breakpoint
CREATE TRIGGER "products_search_terms_delete" AFTER DELETE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "product_search_terms_on_change"();
--> statement-breakpoint
CREATE TRIGGER "products_search_terms_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "product_search_terms_on_truncate"();
