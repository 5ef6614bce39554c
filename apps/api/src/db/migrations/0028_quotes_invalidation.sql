-- Hand-written: every committed change to what a trader's quotes lists and badge show tells every API process,
-- on the channel of the invalidation bus (apps/api/src/lib/cache/bus.ts), as 0009 does for orders. The tag is
-- `quotes:` and the md5 of the party's uid (buyer and supplier alike: a move changes both parties' lists).
-- Sources: the quotes (each move, the sweep, a script), their versions (a list shows the current total), the
-- messages on a quote's thread and the thread's read markers (a list shows each quote's unread messages).
-- Like every trigger since 0011, silent in a transaction that set `bulkwise.defer_notify` (it publishes itself).
CREATE FUNCTION "quotes_tags"(uids text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT string_agg(DISTINCT 'quotes:' || md5(u), ',') FROM unnest(uids) u WHERE u IS NOT NULL;
$$;
--> statement-breakpoint
CREATE FUNCTION "quotes_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM "notify_invalidation"('*');
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
			SELECT "buyer_uid" FROM new_rows UNION SELECT "supplier_uid" FROM new_rows)));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
			SELECT "buyer_uid" FROM old_rows UNION SELECT "supplier_uid" FROM old_rows)));
	ELSE
		PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
			SELECT "buyer_uid" FROM old_rows UNION SELECT "supplier_uid" FROM old_rows
			UNION SELECT "buyer_uid" FROM new_rows UNION SELECT "supplier_uid" FROM new_rows)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quotes_notify_insert" AFTER INSERT ON "quotes"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quotes_notify_update" AFTER UPDATE ON "quotes"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quotes_notify_delete" AFTER DELETE ON "quotes"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotes_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quotes_notify_truncate" AFTER TRUNCATE ON "quotes"
	FOR EACH STATEMENT EXECUTE FUNCTION "quotes_notify_change"();
--> statement-breakpoint
-- A version names its quote's parties through the quote (a version deleted with its quote: the quote's
-- trigger names them). A transition table exists only for the operations it is declared for, hence a branch each.
CREATE FUNCTION "quote_versions_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg("quote_id") INTO ids FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg("quote_id") INTO ids FROM old_rows;
	ELSE
		SELECT array_agg(q) INTO ids FROM (SELECT "quote_id" FROM old_rows UNION SELECT "quote_id" FROM new_rows) c(q);
	END IF;
	PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
		SELECT u FROM "quotes" q, LATERAL (VALUES (q."buyer_uid"), (q."supplier_uid")) p(u)
		WHERE q."id" = ANY(ids))));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_versions_notify_insert" AFTER INSERT ON "quote_versions"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_versions_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quote_versions_notify_update" AFTER UPDATE ON "quote_versions"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_versions_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quote_versions_notify_delete" AFTER DELETE ON "quote_versions"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_versions_notify_change"();
--> statement-breakpoint
-- Messages on a quote's thread (an order's thread changes no quotes list): the thread's two parties.
CREATE FUNCTION "quote_messages_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg("thread_id") INTO ids FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg("thread_id") INTO ids FROM old_rows;
	ELSE
		SELECT array_agg(t) INTO ids FROM (SELECT "thread_id" FROM old_rows UNION SELECT "thread_id" FROM new_rows) c(t);
	END IF;
	PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
		SELECT u FROM "message_threads" t, LATERAL (VALUES (t."buyer_uid"), (t."supplier_uid")) p(u)
		WHERE t."id" = ANY(ids) AND t."subject_type" = 'quote')));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_messages_notify_insert" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_messages_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quote_messages_notify_update" AFTER UPDATE ON "messages"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_messages_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "quote_messages_notify_delete" AFTER DELETE ON "messages"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_messages_notify_change"();
--> statement-breakpoint
-- A quote thread's read markers (its unread counts). The email throttle's columns change nothing shown, and
-- a new thread has no messages yet; a thread deleted takes its messages (their trigger names the parties).
CREATE FUNCTION "quote_threads_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	PERFORM "notify_invalidation"("quotes_tags"(ARRAY(
		SELECT u FROM old_rows o JOIN new_rows n ON n."id" = o."id",
			LATERAL (VALUES (o."buyer_uid"), (o."supplier_uid"), (n."buyer_uid"), (n."supplier_uid")) p(u)
		WHERE 'quote' IN (o."subject_type", n."subject_type")
			AND (o."buyer_read_id", o."supplier_read_id", o."buyer_uid", o."supplier_uid")
				IS DISTINCT FROM (n."buyer_read_id", n."supplier_read_id", n."buyer_uid", n."supplier_uid"))));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_threads_notify_update" AFTER UPDATE ON "message_threads"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_threads_notify_change"();
--> statement-breakpoint
-- Emptied wholesale (a reset): every process drops every cached answer.
CREATE FUNCTION "quote_tables_notify_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_invalidation"('*');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_versions_notify_truncate" AFTER TRUNCATE ON "quote_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION "quote_tables_notify_truncate"();
--> statement-breakpoint
CREATE TRIGGER "quote_messages_notify_truncate" AFTER TRUNCATE ON "messages"
	FOR EACH STATEMENT EXECUTE FUNCTION "quote_tables_notify_truncate"();
--> statement-breakpoint
CREATE TRIGGER "quote_threads_notify_truncate" AFTER TRUNCATE ON "message_threads"
	FOR EACH STATEMENT EXECUTE FUNCTION "quote_tables_notify_truncate"();
