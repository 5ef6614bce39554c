-- Hand-written: cart items bought before orders existed become `placed` orders (the column default did
-- that) with their supplier and a first history entry. The supplier is the product's current owner,
-- the only record of who sold it; when the product is already gone only the seller's display name
-- survives (in the snapshot), so uid and email stay null and no supplier's desk lists that order.
UPDATE "cart_items" AS c SET "supplier_uid" = p."owner_uid", "supplier_email" = p."user_email", "supplier_name" = p."user_name"
FROM "products" AS p WHERE p."id" = c."product_id" AND c."supplier_uid" IS NULL;
--> statement-breakpoint
UPDATE "cart_items" SET "supplier_name" = "product_snapshot"->>'userName' WHERE "supplier_name" IS NULL;
--> statement-breakpoint
-- Keyset cursors carry milliseconds (ISO 8601); purchases now store milliseconds, so do older rows.
UPDATE "cart_items" SET "purchased_at" = date_trunc('milliseconds', "purchased_at")
WHERE "purchased_at" <> date_trunc('milliseconds', "purchased_at");
--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "status", "by", "at")
SELECT c."id", 'placed', 'buyer', c."purchased_at" FROM "cart_items" AS c
WHERE NOT EXISTS (SELECT 1 FROM "order_history" AS h WHERE h."order_id" = c."id");
