-- Hand-written: every committed change to products tells every API process which products changed, on the
-- channel the invalidation bus listens to (apps/api/src/lib/cache/bus.ts). NOTIFY is transactional: it is
-- delivered when the change commits and never for one that rolls back, whichever process or script made
-- it. Statement-level with transition tables: one notification per statement, not per row; a statement
-- touching too many rows to list (a bulk import) says "everything" instead.
CREATE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
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
CREATE TRIGGER "products_notify_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_update" AFTER UPDATE ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_notify_change"();
