-- The products trigger of 0026, which names the search words a write changed instead of `text:<id>`
-- (decision 0026). `text:<id>` dropped every search answer and word list on every instance at each edit
-- or import; now a search is dropped only when a word it reads changed in some product (or a product it
-- shows changed: `product:<id>`). A word has changed in a product when it came, went, or moved between
-- fields (name, brand, category, description: the relevance order reads the field, not the position).
-- The API widens each `word:<lexeme>` into the spellings one letter away and its prefixes (search.tags.ts).
-- Many rows at once (an import of more than 100 changed products), a word holding a comma, or too long a
-- payload send `text:all` instead: every search answer and word list goes, as before.
CREATE OR REPLACE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
	owners text;
	words text;
	unlisted boolean;
	changed bigint;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg('product:' || "id"::text, ','),
			string_agg(DISTINCT 'inventory:' || md5("owner_uid"), ','), count(*)
		INTO payload, owners, changed FROM old_rows;
		IF changed <= 100 THEN
			SELECT string_agg(DISTINCT 'word:' || l.lexeme, ','), bool_or(strpos(l.lexeme, ',') > 0)
			INTO words, unlisted FROM old_rows r, unnest(r."search_vector") l;
		END IF;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg('product:' || "id"::text, ','),
			string_agg(DISTINCT 'inventory:' || md5("owner_uid"), ','), count(*)
		INTO payload, owners, changed FROM new_rows;
		IF changed <= 100 THEN
			SELECT string_agg(DISTINCT 'word:' || l.lexeme, ','), bool_or(strpos(l.lexeme, ',') > 0)
			INTO words, unlisted FROM new_rows r, unnest(r."search_vector") l;
		END IF;
	ELSE
		SELECT string_agg(
			CASE WHEN (to_jsonb(o) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				= (to_jsonb(n) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				THEN 'stock:' ELSE 'product:' END || n."id"::text,
			','),
			count(*) FILTER (WHERE o."search_vector" IS DISTINCT FROM n."search_vector")
		INTO payload, changed FROM old_rows o JOIN new_rows n ON n."id" = o."id";
		-- Both sides, should a row ever change hands.
		SELECT string_agg(DISTINCT 'inventory:' || md5(u), ',') INTO owners
		FROM (SELECT "owner_uid" AS u FROM old_rows UNION SELECT "owner_uid" FROM new_rows) changed_owners;
		IF changed > 0 AND changed <= 100 THEN
			WITH moved AS (
				SELECT n."id", o."search_vector" AS was, n."search_vector" AS now
				FROM old_rows o JOIN new_rows n ON n."id" = o."id"
				WHERE o."search_vector" IS DISTINCT FROM n."search_vector"
			), before AS (
				SELECT m."id", l.lexeme, array(SELECT DISTINCT w FROM unnest(l.weights) w ORDER BY 1) AS fields
				FROM moved m, unnest(m.was) l
			), after AS (
				SELECT m."id", l.lexeme, array(SELECT DISTINCT w FROM unnest(l.weights) w ORDER BY 1) AS fields
				FROM moved m, unnest(m.now) l
			)
			SELECT string_agg(DISTINCT 'word:' || d.lexeme, ','), bool_or(strpos(d.lexeme, ',') > 0)
			INTO words, unlisted
			FROM ((SELECT * FROM before EXCEPT SELECT * FROM after)
				UNION ALL (SELECT * FROM after EXCEPT SELECT * FROM before)) d;
		END IF;
	END IF;
	IF payload IS NULL THEN
		RETURN NULL;
	END IF;
	payload := payload || ',' || owners;
	IF changed > 100 OR unlisted OR octet_length(payload) + octet_length(words) > 7000 THEN
		payload := payload || ',text:all';
	ELSIF words IS NOT NULL THEN
		payload := payload || ',' || words;
	END IF;
	IF octet_length(payload) > 7000 THEN
		payload := '*';
	END IF;
	PERFORM pg_notify('bulkwise_invalidate', payload);
	RETURN NULL;
END
$$;
