ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_owner_sku_key" ON "products" USING btree ("owner_uid","sku") WHERE "products"."sku" is not null;