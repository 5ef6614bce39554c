-- Hand-written (docs/decisions/0022-trade-accounts.md): every committed change to what an invoices list shows
-- tells every API process whose cached reads it changes, on the invalidation bus's channel, as 0009 does for
-- orders. An invoice, its payments and its credit note name two parties: `invoices:<md5 of uid>` of the
-- supplier and of the buyer (the invoices lists, modules/trade/invoices.cache.ts) and `orders:<md5 of the
-- supplier's uid>` (the desk shows each order's invoice state; insights receivables sum the balances).
-- Issuing, crediting and voiding run in an order move, which notifies orders already; a payment did not
-- notify anyone before this. `bulkwise.defer_notify` is not honoured: no writer of these tables publishes
-- their tags itself.
CREATE FUNCTION "invoice_parties_tags"(supplier_uid text, buyer_uid text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT ARRAY['invoices:' || md5(supplier_uid), 'invoices:' || md5(buyer_uid), 'orders:' || md5(supplier_uid)];
$$;
--> statement-breakpoint
CREATE FUNCTION "invoices_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT t, ',')
			FROM old_rows o, unnest("invoice_parties_tags"(o."supplier_uid", o."buyer_uid")) t));
	ELSE
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT t, ',')
			FROM new_rows n, unnest("invoice_parties_tags"(n."supplier_uid", n."buyer_uid")) t));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Payments and credit notes: the parties of the invoice they belong to (an update names the invoice before and after).
CREATE FUNCTION "invoice_children_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT t, ',') FROM invoices i
			JOIN (SELECT DISTINCT "invoice_id" FROM new_rows) c ON c."invoice_id" = i."id",
			unnest("invoice_parties_tags"(i."supplier_uid", i."buyer_uid")) t));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT t, ',') FROM invoices i
			JOIN (SELECT DISTINCT "invoice_id" FROM old_rows) c ON c."invoice_id" = i."id",
			unnest("invoice_parties_tags"(i."supplier_uid", i."buyer_uid")) t));
	ELSE
		PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT t, ',') FROM invoices i
			JOIN (SELECT "invoice_id" FROM old_rows UNION SELECT "invoice_id" FROM new_rows) c ON c."invoice_id" = i."id",
			unnest("invoice_parties_tags"(i."supplier_uid", i."buyer_uid")) t));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_notify_insert" AFTER INSERT ON "invoices"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_notify_update" AFTER UPDATE ON "invoices"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_notify_delete" AFTER DELETE ON "invoices"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoices_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_notify_insert" AFTER INSERT ON "invoice_payments"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_notify_update" AFTER UPDATE ON "invoice_payments"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_notify_delete" AFTER DELETE ON "invoice_payments"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_notify_insert" AFTER INSERT ON "credit_notes"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_notify_update" AFTER UPDATE ON "credit_notes"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_notify_delete" AFTER DELETE ON "credit_notes"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_children_notify_change"();
