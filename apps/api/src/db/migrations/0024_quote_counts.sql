CREATE TABLE "quote_counts" (
	"party_uid" text NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_counts_party_uid_side_status_pk" PRIMARY KEY("party_uid","side","status"),
	CONSTRAINT "quote_counts_side_known" CHECK ("quote_counts"."side" in ('buyer', 'supplier'))
);
--> statement-breakpoint
CREATE INDEX "quotes_buyer_status_activity_idx" ON "quotes" USING btree ("buyer_uid","status","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "quotes_supplier_status_activity_idx" ON "quotes" USING btree ("supplier_uid","status","last_activity_at","id");
--> statement-breakpoint
-- Hand-written below (drizzle-kit models tables, not triggers). The lock keeps writers of other processes
-- out between creating the triggers and the backfill, so no quote is missed or counted twice.
LOCK TABLE "quotes" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Every statement on quotes applies its net change per (party, side, status) with one INSERT ... ON CONFLICT
-- in key order: a counter row is locked once per statement, always in the same order, so concurrent moves
-- (each one UPDATE of one quote) and the sweep (one UPDATE of many) queue instead of deadlocking.
-- Statement-level with transition tables: the sweep's UPDATE of a thousand offers touches each counter once,
-- and an UPDATE that changes no status (a guard that lost, the expiry-warning flag) writes nothing.
CREATE FUNCTION "quote_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "quote_counts" AS qc ("party_uid", "side", "status", "n")
		SELECT d."party_uid", d."side", d."status", sum(d."n")
		FROM (
			SELECT "buyer_uid", 'buyer', "status", 1 FROM new_rows
			UNION ALL SELECT "supplier_uid", 'supplier', "status", 1 FROM new_rows
		) AS d ("party_uid", "side", "status", "n")
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("party_uid", "side", "status") DO UPDATE SET "n" = qc."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "quote_counts" AS qc ("party_uid", "side", "status", "n")
		SELECT d."party_uid", d."side", d."status", sum(d."n")
		FROM (
			SELECT "buyer_uid", 'buyer', "status", -1 FROM old_rows
			UNION ALL SELECT "supplier_uid", 'supplier', "status", -1 FROM old_rows
		) AS d ("party_uid", "side", "status", "n")
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("party_uid", "side", "status") DO UPDATE SET "n" = qc."n" + excluded."n";
	ELSE
		INSERT INTO "quote_counts" AS qc ("party_uid", "side", "status", "n")
		SELECT d."party_uid", d."side", d."status", sum(d."n")
		FROM (
			SELECT "buyer_uid", 'buyer', "status", 1 FROM new_rows
			UNION ALL SELECT "supplier_uid", 'supplier', "status", 1 FROM new_rows
			UNION ALL SELECT "buyer_uid", 'buyer', "status", -1 FROM old_rows
			UNION ALL SELECT "supplier_uid", 'supplier', "status", -1 FROM old_rows
		) AS d ("party_uid", "side", "status", "n")
		GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3
		ON CONFLICT ("party_uid", "side", "status") DO UPDATE SET "n" = qc."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "quote_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "quote_counts";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quotes_count_insert" AFTER INSERT ON "quotes"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "quotes_count_update" AFTER UPDATE ON "quotes"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "quotes_count_delete" AFTER DELETE ON "quotes"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quote_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "quotes_count_truncate" AFTER TRUNCATE ON "quotes"
	FOR EACH STATEMENT EXECUTE FUNCTION "quote_counts_on_truncate"();
--> statement-breakpoint
-- Backfill from the quotes there are, by stored status (the clock's part is read at list time).
INSERT INTO "quote_counts" ("party_uid", "side", "status", "n")
SELECT "party_uid", "side", "status", count(*) FROM (
	SELECT "buyer_uid" AS "party_uid", 'buyer' AS "side", "status" FROM "quotes"
	UNION ALL SELECT "supplier_uid", 'supplier', "status" FROM "quotes"
) AS q GROUP BY 1, 2, 3;
