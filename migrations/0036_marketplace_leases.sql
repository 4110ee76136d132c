DROP INDEX "marketplace_transactions_live_idx";--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "lease_months" integer;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "lease_apr_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "lease_monthly" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "lease_last" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "instalments_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "next_instalment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "lease_redirect_url" text;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transactions_live_idx" ON "marketplace_transactions" USING btree ("domain_id") WHERE "marketplace_transactions"."status" in ('awaiting_payment', 'leasing', 'awaiting_transfer', 'inspection', 'disputed');