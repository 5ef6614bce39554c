CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"buyer_uid" text NOT NULL,
	"supplier_uid" text NOT NULL,
	"buyer_read_id" bigint DEFAULT 0 NOT NULL,
	"supplier_read_id" bigint DEFAULT 0 NOT NULL,
	"buyer_emailed_at" timestamp with time zone,
	"supplier_emailed_at" timestamp with time zone,
	CONSTRAINT "message_threads_subject_known" CHECK ("message_threads"."subject_type" in ('quote', 'order'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" uuid NOT NULL,
	"from_party" text NOT NULL,
	"author_uid" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"quote_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"by" text NOT NULL,
	"lines" jsonb NOT NULL,
	"valid_until" timestamp with time zone,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_versions_quote_id_number_pk" PRIMARY KEY("quote_id","number")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"supplier_uid" text NOT NULL,
	"supplier_email" text NOT NULL,
	"supplier_name" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"lines" jsonb NOT NULL,
	"needed_by" date NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"note" text,
	"current_version" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"declined_by" text,
	"decline_reason" text,
	"order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"idempotency_key" text,
	"expiry_warned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quotes_status_known" CHECK ("quotes"."status" in ('requested', 'offered', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "quotes_offer_has_end" CHECK ("quotes"."status" <> 'offered' or "quotes"."valid_until" is not null)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "quote_version" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_subject_key" ON "message_threads" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "message_threads_buyer_idx" ON "message_threads" USING btree ("buyer_uid");--> statement-breakpoint
CREATE INDEX "message_threads_supplier_idx" ON "message_threads" USING btree ("supplier_uid");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "messages" USING btree ("author_uid","at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_buyer_idempotency_key" ON "quotes" USING btree ("buyer_uid","idempotency_key");--> statement-breakpoint
CREATE INDEX "quotes_buyer_idx" ON "quotes" USING btree ("buyer_uid","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "quotes_supplier_idx" ON "quotes" USING btree ("supplier_uid","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "quotes_buyer_status_idx" ON "quotes" USING btree ("buyer_uid","status","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_supplier_status_idx" ON "quotes" USING btree ("supplier_uid","status","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_offered_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" = 'offered';