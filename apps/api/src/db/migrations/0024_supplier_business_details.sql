ALTER TABLE "user_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- Hand-written (docs/decisions/0022-trade-accounts.md): credit notes issued before this migration carry the
-- seller of their invoice, which is what they were issued with.
UPDATE "credit_notes" c SET "seller" = i."snapshot"->'seller' FROM "invoices" i WHERE i."id" = c."invoice_id" AND c."seller" IS NULL;
