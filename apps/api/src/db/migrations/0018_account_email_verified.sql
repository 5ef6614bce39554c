CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- Hand-written: the desk and the CSV mark a buyer's unverified address, read from "accounts" at query
-- time, and desk pages are cached per supplier (orders.cache.ts). When a buyer's verified address changes,
-- every API process drops the cached pages of the suppliers that buyer ordered from (tags as in 0009).
CREATE FUNCTION "accounts_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_invalidation"((SELECT string_agg(DISTINCT 'orders:' || md5("supplier_uid"), ',')
		FROM "cart_items" WHERE "buyer_uid" = NEW."uid" AND "supplier_uid" IS NOT NULL));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_notify_insert" AFTER INSERT ON "accounts"
	FOR EACH ROW WHEN (NEW."email_verified") EXECUTE FUNCTION "accounts_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "accounts_notify_update" AFTER UPDATE ON "accounts"
	FOR EACH ROW WHEN (OLD."email_verified" IS DISTINCT FROM NEW."email_verified" OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "accounts_notify_change"();
