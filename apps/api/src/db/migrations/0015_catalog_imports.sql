CREATE TABLE "catalog_imports" (
	"owner_uid" text NOT NULL,
	"digest" text NOT NULL,
	"rows" integer NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_imports_owner_digest_key" ON "catalog_imports" USING btree ("owner_uid","digest");