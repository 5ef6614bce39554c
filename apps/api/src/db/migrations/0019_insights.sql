CREATE TABLE "insights_buyer_daily" (
	"supplier_uid" text NOT NULL,
	"day" date NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_buyer_daily_supplier_uid_day_buyer_uid_pk" PRIMARY KEY("supplier_uid","day","buyer_uid")
);
--> statement-breakpoint
CREATE TABLE "insights_category_daily" (
	"supplier_uid" text NOT NULL,
	"day" date NOT NULL,
	"category_slug" text NOT NULL,
	"category" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_category_daily_supplier_uid_day_category_slug_pk" PRIMARY KEY("supplier_uid","day","category_slug")
);
--> statement-breakpoint
CREATE TABLE "insights_daily" (
	"supplier_uid" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"cancelled_by_buyer" integer DEFAULT 0 NOT NULL,
	"cancelled_by_supplier" integer DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"shipped_fast" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_daily_supplier_uid_day_pk" PRIMARY KEY("supplier_uid","day")
);
--> statement-breakpoint
CREATE TABLE "insights_product_daily" (
	"supplier_uid" text NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_product_daily_supplier_uid_day_product_id_pk" PRIMARY KEY("supplier_uid","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "insights_ship_hours" (
	"supplier_uid" text NOT NULL,
	"day" date NOT NULL,
	"hours" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_ship_hours_supplier_uid_day_hours_pk" PRIMARY KEY("supplier_uid","day","hours")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
CREATE INDEX "insights_product_daily_product_idx" ON "insights_product_daily" USING btree ("product_id","day");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "low_stock_emails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Hand-written from here (docs/decisions/0021-insights-rollups.md).
-- The time an order became shipped, for every writer (the ship move, scripts): kept through delivery.
CREATE OR REPLACE FUNCTION "cart_items_stamp_shipped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" IN ('shipped', 'delivered') AND NEW."shipped_at" IS NULL THEN
		NEW."shipped_at" := now();
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_stamp_shipped" BEFORE INSERT OR UPDATE OF "status" ON "cart_items"
	FOR EACH ROW EXECUTE FUNCTION "cart_items_stamp_shipped"();
--> statement-breakpoint
-- Orders shipped before this migration: the time of their history's shipped entry.
UPDATE "cart_items" c SET "shipped_at" = h."at"
FROM (SELECT "order_id", min("at") AS "at" FROM "order_history" WHERE "status" = 'shipped' GROUP BY "order_id") h
WHERE h."order_id" = c."id" AND c."shipped_at" IS NULL;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one order's part of every rollup. Orders count on the UTC day they
-- were placed; revenue, orders, units, products, buyers and categories only while not cancelled.
CREATE OR REPLACE FUNCTION "insights_apply"(o "cart_items", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_day date;
	v_live integer;
	v_cents bigint;
	v_hours integer;
BEGIN
	IF o."supplier_uid" IS NULL THEN
		RETURN;
	END IF;
	v_day := (o."purchased_at" AT TIME ZONE 'UTC')::date;
	v_live := CASE WHEN o."status" = 'cancelled' THEN 0 ELSE 1 END;
	v_cents := round(o."quantity" * o."unit_price" * 100)::bigint;
	v_hours := floor(extract(epoch FROM o."shipped_at" - o."purchased_at") / 3600)::integer;
	INSERT INTO "insights_daily" AS t ("supplier_uid", "day", "orders", "revenue_cents", "units",
		"cancelled_by_buyer", "cancelled_by_supplier", "shipped", "shipped_fast")
	VALUES (o."supplier_uid", v_day, sign * v_live, sign * v_live * v_cents, sign * v_live * o."quantity",
		CASE WHEN o."cancelled_by" = 'buyer' THEN sign ELSE 0 END,
		CASE WHEN o."cancelled_by" = 'supplier' THEN sign ELSE 0 END,
		CASE WHEN v_hours IS NOT NULL THEN sign ELSE 0 END,
		CASE WHEN v_hours < 48 THEN sign ELSE 0 END)
	ON CONFLICT ("supplier_uid", "day") DO UPDATE SET
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units",
		"cancelled_by_buyer" = t."cancelled_by_buyer" + excluded."cancelled_by_buyer",
		"cancelled_by_supplier" = t."cancelled_by_supplier" + excluded."cancelled_by_supplier",
		"shipped" = t."shipped" + excluded."shipped",
		"shipped_fast" = t."shipped_fast" + excluded."shipped_fast";
	IF v_hours IS NOT NULL THEN
		INSERT INTO "insights_ship_hours" AS t ("supplier_uid", "day", "hours", "orders")
		VALUES (o."supplier_uid", v_day, v_hours, sign)
		ON CONFLICT ("supplier_uid", "day", "hours") DO UPDATE SET "orders" = t."orders" + excluded."orders";
	END IF;
	IF v_live = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "insights_product_daily" AS t ("supplier_uid", "day", "product_id", "name", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", v_day, o."product_snapshot"->>'_id', coalesce(o."product_snapshot"->>'name', ''), sign, sign * v_cents, sign * o."quantity")
	ON CONFLICT ("supplier_uid", "day", "product_id") DO UPDATE SET
		"name" = CASE WHEN sign > 0 THEN excluded."name" ELSE t."name" END,
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units";
	INSERT INTO "insights_buyer_daily" AS t ("supplier_uid", "day", "buyer_uid", "buyer_name", "buyer_email", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", v_day, o."buyer_uid", o."buyer_name", o."buyer_email", sign, sign * v_cents, sign * o."quantity")
	ON CONFLICT ("supplier_uid", "day", "buyer_uid") DO UPDATE SET
		"buyer_name" = CASE WHEN sign > 0 THEN excluded."buyer_name" ELSE t."buyer_name" END,
		"buyer_email" = CASE WHEN sign > 0 THEN excluded."buyer_email" ELSE t."buyer_email" END,
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units";
	INSERT INTO "insights_category_daily" AS t ("supplier_uid", "day", "category_slug", "category", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", v_day, coalesce(o."product_snapshot"->>'categorySlug', ''), coalesce(o."product_snapshot"->>'category', ''),
		sign, sign * v_cents, sign * o."quantity")
	ON CONFLICT ("supplier_uid", "day", "category_slug") DO UPDATE SET
		"category" = CASE WHEN sign > 0 THEN excluded."category" ELSE t."category" END,
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cart_items_insights"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM "insights_apply"(OLD, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "insights_apply"(NEW, 1);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: the rollup rows are locked only after the transaction's product and order locks
-- (a purchase takes the product first, a cancel the order first), so no lock-order deadlock, and for the
-- shortest time: a busy supplier's purchases of different products queue on its day row only at commit.
CREATE CONSTRAINT TRIGGER "cart_items_insights_insert" AFTER INSERT ON "cart_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "cart_items_insights"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_items_insights_delete" AFTER DELETE ON "cart_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "cart_items_insights"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_items_insights_update" AFTER UPDATE ON "cart_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."shipped_at" IS DISTINCT FROM NEW."shipped_at"
		OR OLD."cancelled_by" IS DISTINCT FROM NEW."cancelled_by" OR OLD."supplier_uid" IS DISTINCT FROM NEW."supplier_uid"
		OR OLD."purchased_at" IS DISTINCT FROM NEW."purchased_at" OR OLD."quantity" IS DISTINCT FROM NEW."quantity"
		OR OLD."unit_price" IS DISTINCT FROM NEW."unit_price" OR OLD."buyer_uid" IS DISTINCT FROM NEW."buyer_uid"
		OR OLD."product_snapshot" IS DISTINCT FROM NEW."product_snapshot")
	EXECUTE FUNCTION "cart_items_insights"();
--> statement-breakpoint
-- Backfill: every existing order, once, set-based (the triggers above only see later changes).
INSERT INTO "insights_daily" ("supplier_uid", "day", "orders", "revenue_cents", "units", "cancelled_by_buyer",
	"cancelled_by_supplier", "shipped", "shipped_fast")
SELECT "supplier_uid", ("purchased_at" AT TIME ZONE 'UTC')::date,
	count(*) FILTER (WHERE "status" <> 'cancelled'),
	coalesce(sum(round("quantity" * "unit_price" * 100)::bigint) FILTER (WHERE "status" <> 'cancelled'), 0),
	coalesce(sum("quantity") FILTER (WHERE "status" <> 'cancelled'), 0),
	count(*) FILTER (WHERE "cancelled_by" = 'buyer'),
	count(*) FILTER (WHERE "cancelled_by" = 'supplier'),
	count(*) FILTER (WHERE "shipped_at" IS NOT NULL),
	count(*) FILTER (WHERE "shipped_at" - "purchased_at" < interval '48 hours')
FROM "cart_items" WHERE "supplier_uid" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "insights_ship_hours" ("supplier_uid", "day", "hours", "orders")
SELECT "supplier_uid", ("purchased_at" AT TIME ZONE 'UTC')::date,
	floor(extract(epoch FROM "shipped_at" - "purchased_at") / 3600)::integer, count(*)
FROM "cart_items" WHERE "supplier_uid" IS NOT NULL AND "shipped_at" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insights_product_daily" ("supplier_uid", "day", "product_id", "name", "orders", "revenue_cents", "units")
SELECT "supplier_uid", ("purchased_at" AT TIME ZONE 'UTC')::date, "product_snapshot"->>'_id',
	coalesce((array_agg("product_snapshot"->>'name' ORDER BY "purchased_at" DESC))[1], ''),
	count(*), sum(round("quantity" * "unit_price" * 100)::bigint), sum("quantity")
FROM "cart_items" WHERE "supplier_uid" IS NOT NULL AND "status" <> 'cancelled' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insights_buyer_daily" ("supplier_uid", "day", "buyer_uid", "buyer_name", "buyer_email", "orders", "revenue_cents", "units")
SELECT "supplier_uid", ("purchased_at" AT TIME ZONE 'UTC')::date, "buyer_uid",
	(array_agg("buyer_name" ORDER BY "purchased_at" DESC))[1], (array_agg("buyer_email" ORDER BY "purchased_at" DESC))[1],
	count(*), sum(round("quantity" * "unit_price" * 100)::bigint), sum("quantity")
FROM "cart_items" WHERE "supplier_uid" IS NOT NULL AND "status" <> 'cancelled' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insights_category_daily" ("supplier_uid", "day", "category_slug", "category", "orders", "revenue_cents", "units")
SELECT "supplier_uid", ("purchased_at" AT TIME ZONE 'UTC')::date, coalesce("product_snapshot"->>'categorySlug', ''),
	coalesce((array_agg("product_snapshot"->>'category' ORDER BY "purchased_at" DESC))[1], ''),
	count(*), sum(round("quantity" * "unit_price" * 100)::bigint), sum("quantity")
FROM "cart_items" WHERE "supplier_uid" IS NOT NULL AND "status" <> 'cancelled' GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Low-stock alerts (issue #27): decided in the transaction that changes the stock, on the product's row
-- lock, so two instances selling the last units at once send one email. A product already below its
-- threshold when it is created or when this migration runs has not crossed anything: no email until it
-- has been back at or above the threshold.
UPDATE "products" SET "low_stock_alerted" = true
WHERE "main_quantity" < coalesce("low_stock_threshold", "min_selling_quantity");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_low_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_threshold integer := coalesce(NEW."low_stock_threshold", NEW."min_selling_quantity");
BEGIN
	IF TG_OP = 'INSERT' THEN
		NEW."low_stock_alerted" := NEW."main_quantity" < v_threshold;
	ELSIF NEW."main_quantity" >= v_threshold THEN
		NEW."low_stock_alerted" := false;
	ELSIF NOT OLD."low_stock_alerted" THEN
		-- From at or above to below (a purchase, an edit of the stock, the threshold or the minimum).
		NEW."low_stock_alerted" := true;
		INSERT INTO "notification_outbox" ("kind", "recipient_uid", "recipient_email", "payload")
		VALUES ('stock.low', NEW."owner_uid", NEW."user_email", jsonb_build_object(
			'productId', NEW."id", 'name', NEW."name", 'sku', NEW."sku", 'supplierName', NEW."user_name",
			'stock', NEW."main_quantity", 'threshold', v_threshold, 'minimumOrder', NEW."min_selling_quantity"));
	ELSE
		NEW."low_stock_alerted" := true;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_low_stock" BEFORE INSERT OR UPDATE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_low_stock"();
--> statement-breakpoint
-- The products trigger of 0013, with the alert flag counted as part of a stock change: a purchase or a
-- cancel that crosses the threshold still drops only what shows the stock.
CREATE OR REPLACE FUNCTION "products_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text;
BEGIN
	IF current_setting('bulkwise.defer_notify', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ',') INTO payload FROM old_rows;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg('product:' || "id"::text || ',text:' || "id"::text, ',') INTO payload FROM new_rows;
	ELSE
		SELECT string_agg(
			CASE WHEN (to_jsonb(o) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				= (to_jsonb(n) - 'main_quantity' - 'updated_at' - 'low_stock_alerted')
				THEN 'stock:' ELSE 'product:' END || n."id"::text
			|| CASE WHEN o."search_vector" IS DISTINCT FROM n."search_vector" THEN ',text:' || n."id"::text ELSE '' END,
			',')
		INTO payload FROM old_rows o JOIN new_rows n ON n."id" = o."id";
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
