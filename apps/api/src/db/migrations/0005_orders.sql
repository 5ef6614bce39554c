CREATE TABLE "order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "status" text DEFAULT 'placed' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "supplier_uid" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "supplier_email" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "supplier_name" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_cart_items_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "cart_items_supplier_idx" ON "cart_items" USING btree ("supplier_uid","purchased_at","id");--> statement-breakpoint
CREATE INDEX "cart_items_supplier_status_idx" ON "cart_items" USING btree ("supplier_uid","status","purchased_at","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_status_known" CHECK ("cart_items"."status" in ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cancelled_by_matches" CHECK (("cart_items"."status" = 'cancelled') = ("cart_items"."cancelled_by" is not null) and "cart_items"."cancelled_by" in ('buyer', 'supplier'));