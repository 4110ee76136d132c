ALTER TABLE "marketplace_transactions" ADD COLUMN "buyer_statement" text;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "buyer_statement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "seller_statement" text;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "seller_statement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "test_money" boolean DEFAULT false NOT NULL;