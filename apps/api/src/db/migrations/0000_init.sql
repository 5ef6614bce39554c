CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_uid" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"product_id" uuid,
	"product_snapshot" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"updated_quantity" integer NOT NULL,
	"idempotency_key" text,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"subcategories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brand_name" text NOT NULL,
	"category" text NOT NULL,
	"category_slug" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"main_quantity" integer NOT NULL,
	"min_selling_quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"owner_uid" text NOT NULL,
	"user_email" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_main_quantity_nonnegative" CHECK ("products"."main_quantity" >= 0),
	CONSTRAINT "products_min_selling_quantity_positive" CHECK ("products"."min_selling_quantity" >= 1),
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_idempotency_idx" ON "cart_items" USING btree ("buyer_uid","idempotency_key");--> statement-breakpoint
CREATE INDEX "cart_items_buyer_idx" ON "cart_items" USING btree ("buyer_uid","purchased_at","id");--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_slug","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_slug","price","id");--> statement-breakpoint
CREATE INDEX "products_bulk_price_idx" ON "products" USING btree ("price","id") WHERE "products"."min_selling_quantity" > 100;--> statement-breakpoint
CREATE INDEX "products_bulk_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."min_selling_quantity" > 100;--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_uid","created_at","id");