CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"issued_on" date NOT NULL,
	"reason" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"supplier_uid" text NOT NULL,
	"year" integer NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_supplier_uid_year_series_pk" PRIMARY KEY("supplier_uid","year","series")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by" text NOT NULL,
	"idempotency_key" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_positive" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"supplier_uid" text NOT NULL,
	"buyer_uid" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"terms" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"snapshot" jsonb NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"voided_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_balance" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."credited_cents" >= 0 and "invoices"."paid_cents" + "invoices"."credited_cents" <= "invoices"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_account_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_account_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"reason" text,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_uid" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_email" text NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"terms" text DEFAULT 'prepay' NOT NULL,
	"net_days" integer,
	"credit_limit_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"company_name" text,
	"tax_id" text,
	"billing_address" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_terms" CHECK ("trade_accounts"."terms" in ('prepay', 'net')),
	CONSTRAINT "trade_accounts_status" CHECK ("trade_accounts"."status" in ('requested', 'active', 'on_hold', 'declined')),
	CONSTRAINT "trade_accounts_net_days" CHECK (("trade_accounts"."terms" = 'net') = ("trade_accounts"."net_days" is not null)),
	CONSTRAINT "trade_accounts_limit" CHECK ("trade_accounts"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "payment_terms" text DEFAULT 'prepay' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_account_history" ADD CONSTRAINT "trade_account_history_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_key" ON "invoice_payments" USING btree ("recorded_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_supplier_idx" ON "invoices" USING btree ("supplier_uid","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_uid","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "remittances_invoice_idx" ON "remittances" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "trade_account_history_account_idx" ON "trade_account_history" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_pair_key" ON "trade_accounts" USING btree ("supplier_uid","buyer_uid");--> statement-breakpoint
CREATE INDEX "trade_accounts_buyer_idx" ON "trade_accounts" USING btree ("buyer_uid");--> statement-breakpoint
-- Hand-written from here (docs/decisions/0022-trade-accounts.md).
-- Every order takes its pair's trade account (created on the first order, prepay) with a row lock, in the
-- purchase's own statement: concurrent orders of one buyer from one supplier queue here, and each sees
-- the orders committed before it. On net terms the order is refused (nothing is written, the stock
-- change is undone) when the account is on hold, has an overdue invoice, or would go over its limit.
-- Outstanding = orders not cancelled - payments on their invoices (a credit note zeroes a cancelled one).
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
	SELECT coalesce(sum(round(c."unit_price" * 100)::bigint * c."quantity" - coalesce(i."paid_cents", 0)), 0)
		INTO outstanding
		FROM "cart_items" c LEFT JOIN "invoices" i ON i."order_id" = c."id"
		WHERE c."buyer_uid" = NEW."buyer_uid" AND c."supplier_uid" = NEW."supplier_uid" AND c."status" <> 'cancelled';
	IF outstanding + round(NEW."unit_price" * 100)::bigint * NEW."quantity" > acc."credit_limit_cents" THEN
		RAISE EXCEPTION 'CREDIT_LIMIT' USING ERRCODE = 'BWCRL',
			DETAIL = greatest(acc."credit_limit_cents" - outstanding, 0)::text;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_account_terms" BEFORE INSERT ON "cart_items"
	FOR EACH ROW EXECUTE FUNCTION "cart_items_account_terms"();
--> statement-breakpoint
-- An invoice is never edited or deleted: only the sums of its payments and credit note move.
CREATE OR REPLACE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR (NEW."number", NEW."account_id", NEW."order_id", NEW."supplier_uid", NEW."buyer_uid",
		NEW."total_cents", NEW."terms", NEW."issued_on", NEW."due_on", NEW."snapshot", NEW."issued_at")
		IS DISTINCT FROM (OLD."number", OLD."account_id", OLD."order_id", OLD."supplier_uid", OLD."buyer_uid",
		OLD."total_cents", OLD."terms", OLD."issued_on", OLD."due_on", OLD."snapshot", OLD."issued_at") THEN
		RAISE EXCEPTION 'an issued invoice cannot change' USING ERRCODE = 'BWIMM';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
	FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
