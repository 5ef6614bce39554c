-- Hand-written: unit_price_for (migration 0008) in PL/pgSQL, with the same answers. As a SQL function
-- with a subquery it cannot be inlined, and PostgreSQL before 18 parses, analyses and plans the body of
-- such a function again in every statement that calls it (per call site, per execution): the purchase
-- calls it three or four times, and that was about a fifth of PostgreSQL's CPU time during the purchase
-- bench (perf: fmgr_sql 13.6 % of all samples on the machine, postgres 61 %). PL/pgSQL keeps its compiled
-- function for the session and evaluates these simple expressions without the executor. The rule is the
-- one of 0008 and of unitPriceFor() in packages/contracts/src/pricing.ts: the break with the largest
-- "minQuantity" at or below the quantity, whatever the stored order, else the product's own price.
CREATE OR REPLACE FUNCTION "unit_price_for"("price" numeric, "tiers" jsonb, "quantity" integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	best_min integer;
	best numeric;
	tier jsonb;
	min_quantity integer;
BEGIN
	IF "tiers" IS NULL THEN
		RETURN "price";
	END IF;
	FOR i IN 0 .. jsonb_array_length("tiers") - 1 LOOP
		tier := "tiers" -> i;
		min_quantity := (tier ->> 'minQuantity')::integer;
		IF min_quantity <= "quantity" AND (best_min IS NULL OR min_quantity > best_min) THEN
			best_min := min_quantity;
			best := (tier ->> 'price')::numeric;
		END IF;
	END LOOP;
	RETURN coalesce(best, "price");
END
$$;
