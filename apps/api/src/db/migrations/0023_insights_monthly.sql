CREATE TABLE "insights_buyer_months" (
	"supplier_uid" text NOT NULL,
	"buyer_uid" text NOT NULL,
	"orders" bigint[] NOT NULL,
	"revenue_cents" bigint[] NOT NULL,
	"units" bigint[] NOT NULL,
	CONSTRAINT "insights_buyer_months_supplier_uid_buyer_uid_pk" PRIMARY KEY("supplier_uid","buyer_uid")
);
--> statement-breakpoint
CREATE TABLE "insights_product_monthly" (
	"supplier_uid" text NOT NULL,
	"month" date NOT NULL,
	"product_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_product_monthly_supplier_uid_month_product_id_pk" PRIMARY KEY("supplier_uid","month","product_id")
);
--> statement-breakpoint
CREATE TABLE "insights_ship_hours_monthly" (
	"supplier_uid" text NOT NULL,
	"month" date NOT NULL,
	"hours" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_ship_hours_monthly_supplier_uid_month_hours_pk" PRIMARY KEY("supplier_uid","month","hours")
);
--> statement-breakpoint
-- Hand-written from here (docs/decisions/0021-insights-rollups.md, "Month rollups"): the rollup function
-- of 0020 also keeps the month rows of ship hours and products, and each buyer's months.
-- Adds `delta` to a running-total array from month `i` on: months before the first hold 0, months after the
-- last carry its total.
CREATE FUNCTION "insights_running_add"(a bigint[], i integer, delta bigint) RETURNS bigint[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	lo integer := array_lower(a, 1);
	hi integer := array_upper(a, 1);
BEGIN
	IF lo IS NULL THEN
		RETURN array_fill(delta, ARRAY[1], ARRAY[i]);
	END IF;
	IF i < lo THEN
		a := array_fill(0::bigint, ARRAY[lo - i], ARRAY[i]) || a;
	END IF;
	IF i > hi THEN
		a := a || array_fill(a[hi], ARRAY[i - hi]);
		hi := i;
	END IF;
	FOR k IN i..hi LOOP
		a[k] := a[k] + delta;
	END LOOP;
	RETURN a;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insights_apply"(o "cart_items", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_day date;
	v_month date;
	v_month_index integer;
	v_live integer;
	v_cents bigint;
	v_hours integer;
	v_buyer_orders integer;
BEGIN
	IF o."supplier_uid" IS NULL THEN
		RETURN;
	END IF;
	v_day := (o."purchased_at" AT TIME ZONE 'UTC')::date;
	v_month := date_trunc('month', v_day)::date;
	v_month_index := extract(year FROM v_day)::integer * 12 + extract(month FROM v_day)::integer - 1;
	v_live := CASE WHEN o."status" = 'cancelled' THEN 0 ELSE 1 END;
	v_cents := round(o."quantity" * o."unit_price" * 100)::bigint;
	v_hours := floor(extract(epoch FROM o."shipped_at" - o."purchased_at") / 3600)::integer;
	INSERT INTO "insights_daily" AS t ("supplier_uid", "day", "orders", "revenue_cents", "units",
		"cancelled_by_buyer", "cancelled_by_supplier", "shipped", "shipped_fast",
		"status_placed", "status_confirmed", "status_shipped", "status_delivered", "status_cancelled")
	VALUES (o."supplier_uid", v_day, sign * v_live, sign * v_live * v_cents, sign * v_live * o."quantity",
		CASE WHEN o."cancelled_by" = 'buyer' THEN sign ELSE 0 END,
		CASE WHEN o."cancelled_by" = 'supplier' THEN sign ELSE 0 END,
		CASE WHEN v_hours IS NOT NULL THEN sign ELSE 0 END,
		CASE WHEN v_hours < 48 THEN sign ELSE 0 END,
		CASE WHEN o."status" = 'placed' THEN sign ELSE 0 END,
		CASE WHEN o."status" = 'confirmed' THEN sign ELSE 0 END,
		CASE WHEN o."status" = 'shipped' THEN sign ELSE 0 END,
		CASE WHEN o."status" = 'delivered' THEN sign ELSE 0 END,
		CASE WHEN o."status" = 'cancelled' THEN sign ELSE 0 END)
	ON CONFLICT ("supplier_uid", "day") DO UPDATE SET
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units",
		"cancelled_by_buyer" = t."cancelled_by_buyer" + excluded."cancelled_by_buyer",
		"cancelled_by_supplier" = t."cancelled_by_supplier" + excluded."cancelled_by_supplier",
		"shipped" = t."shipped" + excluded."shipped",
		"shipped_fast" = t."shipped_fast" + excluded."shipped_fast",
		"status_placed" = t."status_placed" + excluded."status_placed",
		"status_confirmed" = t."status_confirmed" + excluded."status_confirmed",
		"status_shipped" = t."status_shipped" + excluded."status_shipped",
		"status_delivered" = t."status_delivered" + excluded."status_delivered",
		"status_cancelled" = t."status_cancelled" + excluded."status_cancelled";
	IF v_hours IS NOT NULL THEN
		INSERT INTO "insights_ship_hours" AS t ("supplier_uid", "day", "hours", "orders")
		VALUES (o."supplier_uid", v_day, v_hours, sign)
		ON CONFLICT ("supplier_uid", "day", "hours") DO UPDATE SET "orders" = t."orders" + excluded."orders";
		INSERT INTO "insights_ship_hours_monthly" AS t ("supplier_uid", "month", "hours", "orders")
		VALUES (o."supplier_uid", v_month, v_hours, sign)
		ON CONFLICT ("supplier_uid", "month", "hours") DO UPDATE SET "orders" = t."orders" + excluded."orders";
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
	INSERT INTO "insights_product_monthly" AS t ("supplier_uid", "month", "product_id", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", v_month, o."product_snapshot"->>'_id', sign, sign * v_cents, sign * o."quantity")
	ON CONFLICT ("supplier_uid", "month", "product_id") DO UPDATE SET
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units";
	-- The pair's running totals (index year * 12 + month - 1) from this month on.
	INSERT INTO "insights_buyer_months" AS t ("supplier_uid", "buyer_uid", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", o."buyer_uid", array_fill(sign::bigint, ARRAY[1], ARRAY[v_month_index]),
		array_fill(sign * v_cents, ARRAY[1], ARRAY[v_month_index]),
		array_fill(sign * o."quantity"::bigint, ARRAY[1], ARRAY[v_month_index]))
	ON CONFLICT ("supplier_uid", "buyer_uid") DO UPDATE SET
		"orders" = insights_running_add(t."orders", v_month_index, sign),
		"revenue_cents" = insights_running_add(t."revenue_cents", v_month_index, sign * v_cents),
		"units" = insights_running_add(t."units", v_month_index, sign * o."quantity");
	INSERT INTO "insights_buyer_daily" AS t ("supplier_uid", "day", "buyer_uid", "buyer_name", "buyer_email", "orders", "revenue_cents", "units")
	VALUES (o."supplier_uid", v_day, o."buyer_uid", o."buyer_name", o."buyer_email", sign, sign * v_cents, sign * o."quantity")
	ON CONFLICT ("supplier_uid", "day", "buyer_uid") DO UPDATE SET
		"buyer_name" = CASE WHEN sign > 0 THEN excluded."buyer_name" ELSE t."buyer_name" END,
		"buyer_email" = CASE WHEN sign > 0 THEN excluded."buyer_email" ELSE t."buyer_email" END,
		"orders" = t."orders" + excluded."orders",
		"revenue_cents" = t."revenue_cents" + excluded."revenue_cents",
		"units" = t."units" + excluded."units"
	RETURNING t."orders" INTO v_buyer_orders;
	-- The buyer's first order of the day adds the day to the pair's days; the last one going takes it away.
	IF sign > 0 AND v_buyer_orders = 1 THEN
		INSERT INTO "insights_buyer_days" AS t ("supplier_uid", "buyer_uid", "days")
		VALUES (o."supplier_uid", o."buyer_uid", datemultirange(daterange(v_day, v_day, '[]')))
		ON CONFLICT ("supplier_uid", "buyer_uid") DO UPDATE SET "days" = t."days" + excluded."days";
	ELSIF sign < 0 AND v_buyer_orders = 0 THEN
		UPDATE "insights_buyer_days" SET "days" = "days" - datemultirange(daterange(v_day, v_day, '[]'))
		WHERE "supplier_uid" = o."supplier_uid" AND "buyer_uid" = o."buyer_uid";
	END IF;
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
-- Backfill from the day rows (the same sums, a month at a time).
INSERT INTO "insights_ship_hours_monthly" ("supplier_uid", "month", "hours", "orders")
SELECT "supplier_uid", date_trunc('month', "day")::date, "hours", sum("orders")
FROM "insights_ship_hours" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insights_product_monthly" ("supplier_uid", "month", "product_id", "orders", "revenue_cents", "units")
SELECT "supplier_uid", date_trunc('month', "day")::date, "product_id", sum("orders"), sum("revenue_cents"), sum("units")
FROM "insights_product_daily" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insights_buyer_months" ("supplier_uid", "buyer_uid", "orders", "revenue_cents", "units")
SELECT "supplier_uid", "buyer_uid",
	('[' || lo || ':' || hi || ']=' || array_agg(o ORDER BY mi)::text)::bigint[],
	('[' || lo || ':' || hi || ']=' || array_agg(r ORDER BY mi)::text)::bigint[],
	('[' || lo || ':' || hi || ']=' || array_agg(u ORDER BY mi)::text)::bigint[]
FROM (
	-- Every month from the pair's first to its last, with the running totals up to it.
	SELECT k."supplier_uid", k."buyer_uid", k.lo, k.hi, g.mi,
		sum(coalesce(s.o, 0)) OVER w AS o, sum(coalesce(s.r, 0)) OVER w AS r, sum(coalesce(s.u, 0)) OVER w AS u
	FROM (
		SELECT "supplier_uid", "buyer_uid",
			min(extract(year FROM "day")::integer * 12 + extract(month FROM "day")::integer - 1) AS lo,
			max(extract(year FROM "day")::integer * 12 + extract(month FROM "day")::integer - 1) AS hi
		FROM "insights_buyer_daily" GROUP BY 1, 2
	) k
	CROSS JOIN LATERAL generate_series(k.lo, k.hi) AS g(mi)
	LEFT JOIN (
		SELECT "supplier_uid", "buyer_uid", extract(year FROM "day")::integer * 12 + extract(month FROM "day")::integer - 1 AS mi,
			sum("orders")::bigint AS o, sum("revenue_cents")::bigint AS r, sum("units")::bigint AS u
		FROM "insights_buyer_daily" GROUP BY 1, 2, 3
	) s ON s."supplier_uid" = k."supplier_uid" AND s."buyer_uid" = k."buyer_uid" AND s.mi = g.mi
	WINDOW w AS (PARTITION BY k."supplier_uid", k."buyer_uid" ORDER BY g.mi)
) months
GROUP BY "supplier_uid", "buyer_uid", lo, hi;
