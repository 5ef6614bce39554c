ALTER TABLE "user_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller" jsonb;--> statement-breakpoint
CREATE INDEX "cart_items_pair_unshipped_idx" ON "cart_items" USING btree ("buyer_uid","supplier_uid") WHERE "cart_items"."status" in ('placed', 'confirmed');--> statement-breakpoint
CREATE INDEX "invoices_supplier_settled_idx" ON "invoices" USING btree ("supplier_uid",(case when "voided_at" is not null then 2 when "total_cents" - "paid_cents" - "credited_cents" = 0 then 1 else 0 end),"issued_at","id","due_on");--> statement-breakpoint
CREATE INDEX "invoices_buyer_settled_idx" ON "invoices" USING btree ("buyer_uid",(case when "voided_at" is not null then 2 when "total_cents" - "paid_cents" - "credited_cents" = 0 then 1 else 0 end),"issued_at","id","due_on");--> statement-breakpoint
CREATE INDEX "invoices_account_open_idx" ON "invoices" USING btree ("account_id","due_on") WHERE "invoices"."voided_at" is null and "invoices"."paid_cents" + "invoices"."credited_cents" < "invoices"."total_cents";--> statement-breakpoint
-- Hand-written from here (docs/decisions/0022-trade-accounts.md).
-- Credit notes issued before this migration carry the seller of their invoice, which is what they were issued with.
UPDATE "credit_notes" c SET "seller" = i."snapshot"->'seller' FROM "invoices" i WHERE i."id" = c."invoice_id" AND c."seller" IS NULL;
--> statement-breakpoint
-- The credit check of 0022 with the same figure read from what is still open, so its cost no longer grows
-- with the pair's history: outstanding = the account's open invoice balances (invoices_account_open_idx)
-- + the pair's orders not shipped yet that have no invoice (cart_items_pair_unshipped_idx). Every order is
-- invoiced at the latest when it ships, and a cancelled one's invoice is void; only orders shipped before
-- trade accounts existed (never invoiced) are no longer counted. trade.repository.ts counts the same way.
CREATE OR REPLACE FUNCTION "cart_items_account_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	acc "trade_accounts"%ROWTYPE;
	outstanding bigint;
BEGIN
	IF NEW."supplier_uid" IS NULL THEN
		RETURN NEW;
	END IF;
	-- A retried Idempotency-Key: the unique index refuses it and the purchase answers the first order.
	IF NEW."idempotency_key" IS NOT NULL AND EXISTS (SELECT 1 FROM "cart_items" c
		WHERE c."buyer_uid" = NEW."buyer_uid" AND c."idempotency_key" = NEW."idempotency_key") THEN
		RETURN NEW;
	END IF;
	SELECT * INTO acc FROM "trade_accounts"
		WHERE "supplier_uid" = NEW."supplier_uid" AND "buyer_uid" = NEW."buyer_uid" FOR UPDATE;
	IF NOT FOUND THEN
		INSERT INTO "trade_accounts" ("supplier_uid", "supplier_name", "supplier_email", "buyer_uid", "buyer_name", "buyer_email")
		VALUES (NEW."supplier_uid", coalesce(NEW."supplier_name", ''), coalesce(NEW."supplier_email", ''),
			NEW."buyer_uid", NEW."buyer_name", NEW."buyer_email")
		ON CONFLICT DO NOTHING;
		SELECT * INTO acc FROM "trade_accounts"
			WHERE "supplier_uid" = NEW."supplier_uid" AND "buyer_uid" = NEW."buyer_uid" FOR UPDATE;
	END IF;
	IF acc."status" = 'on_hold' THEN
		RAISE EXCEPTION 'ACCOUNT_ON_HOLD' USING ERRCODE = 'BWHLD', DETAIL = 'hold';
	END IF;
	NEW."payment_terms" := acc."terms";
	NEW."net_days" := acc."net_days";
	IF acc."terms" <> 'net' THEN
		RETURN NEW;
	END IF;
	IF EXISTS (SELECT 1 FROM "invoices" i WHERE i."account_id" = acc."id" AND i."voided_at" IS NULL
		AND i."paid_cents" + i."credited_cents" < i."total_cents" AND i."due_on" < (now() AT TIME ZONE 'UTC')::date) THEN
		RAISE EXCEPTION 'ACCOUNT_ON_HOLD' USING ERRCODE = 'BWHLD', DETAIL = 'overdue';
	END IF;
	SELECT coalesce((SELECT sum(i."total_cents" - i."paid_cents" - i."credited_cents") FROM "invoices" i
			WHERE i."account_id" = acc."id" AND i."voided_at" IS NULL
			AND i."paid_cents" + i."credited_cents" < i."total_cents"), 0)
		+ coalesce((SELECT sum(round(c."unit_price" * 100)::bigint * c."quantity") FROM "cart_items" c
			WHERE c."buyer_uid" = NEW."buyer_uid" AND c."supplier_uid" = NEW."supplier_uid"
			AND c."status" IN ('placed', 'confirmed')
			AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."order_id" = c."id")), 0)
		INTO outstanding;
	IF outstanding + round(NEW."unit_price" * 100)::bigint * NEW."quantity" > acc."credit_limit_cents" THEN
		RAISE EXCEPTION 'CREDIT_LIMIT' USING ERRCODE = 'BWCRL',
			DETAIL = greatest(acc."credit_limit_cents" - outstanding, 0)::text;
	END IF;
	RETURN NEW;
END
$$;
