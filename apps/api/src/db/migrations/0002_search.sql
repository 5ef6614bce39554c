-- Catalog search (docs/decisions/0009-search.md), hand-written: drizzle-kit models neither extensions,
-- functions, generated tsvector columns nor triggers, and keeping all of it here lets the generated
-- migrations be regenerated without depending on this one. The Drizzle schema does not list these objects.
-- pg_trgm, unaccent and fuzzystrmatch are trusted contrib extensions on PostgreSQL 13+ and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "fuzzystrmatch";
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be reloaded); a generated column needs an IMMUTABLE
-- expression. Naming the dictionary explicitly makes the result depend on the input alone.
CREATE FUNCTION "bulkwise_unaccent"(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
-- One vector per product, weighted by where a word appears: A name, B brand, C category, D description.
-- The 'simple' configuration keeps words as written (no stemming, no stop words), so what the buyer types
-- is what is matched; prefixes and one-letter typos cover the rest.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', bulkwise_unaccent("name")), 'A') ||
	setweight(to_tsvector('simple', bulkwise_unaccent("brand_name")), 'B') ||
	setweight(to_tsvector('simple', bulkwise_unaccent("category")), 'C') ||
	setweight(to_tsvector('simple', bulkwise_unaccent("description")), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- Every word of the catalog once: what a mistyped word is compared with (trigram index, then an exact
-- Levenshtein distance). Only grows: a word whose last product is gone costs one row and can only add an
-- alternative that matches nothing. 4 letters is the shortest a 5-letter word with one missing letter
-- becomes; 60 keeps levenshtein() (255 at most) and the index small.
CREATE TABLE "product_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_search_words_trgm_idx" ON "product_search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Sorted so that concurrent writers adding the same new words wait for each other instead of deadlocking.
CREATE FUNCTION "product_search_words_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search_words" ("word")
	SELECT DISTINCT l.lexeme FROM new_rows, unnest(new_rows."search_vector") AS l
	WHERE char_length(l.lexeme) BETWEEN 4 AND 60
	ORDER BY 1
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_words_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search_words" ("word")
	SELECT l.lexeme FROM unnest(NEW."search_vector") AS l
	WHERE char_length(l.lexeme) BETWEEN 4 AND 60
	ORDER BY 1
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_words_on_insert"();
--> statement-breakpoint
-- Row-level and limited to the text columns: purchases, which change only the stock, never run it.
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "name", "brand_name", "category", "description" ON "products"
	FOR EACH ROW
	WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector")
	EXECUTE FUNCTION "product_search_words_on_update"();
--> statement-breakpoint
INSERT INTO "product_search_words" ("word")
SELECT DISTINCT l.lexeme FROM "products", unnest("products"."search_vector") AS l
WHERE char_length(l.lexeme) BETWEEN 4 AND 60
ON CONFLICT ("word") DO NOTHING;
