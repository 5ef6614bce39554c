CREATE TABLE "uploaded_images" (
	"id" text NOT NULL,
	"owner_uid" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_id_owner_uid_pk" PRIMARY KEY("id","owner_uid")
);
--> statement-breakpoint
CREATE INDEX "uploaded_images_last_used_idx" ON "uploaded_images" USING btree ("last_used_at");