-- Volume pricing: the unit price a purchase is charged, decided inside the purchase statement from the
-- row it has just locked (so a price edit either happened before this purchase took its stock, or waits
-- for it). The SQL twin of unitPriceFor() in packages/contracts/src/pricing.ts: the break with the
-- largest "minQuantity" at or below the quantity, else the product's own price. A test holds the two
-- to the same answers.
CREATE FUNCTION "unit_price_for"("price" numeric, "tiers" jsonb, "quantity" integer) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(
		(SELECT (t->>'price')::numeric FROM jsonb_array_elements("tiers") AS t
		WHERE (t->>'minQuantity')::integer <= "quantity"
		ORDER BY (t->>'minQuantity')::integer DESC LIMIT 1),
		"price")
$$;
