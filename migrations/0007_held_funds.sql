CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text NOT NULL,
	"release_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"source_key" text NOT NULL,
	"revenue_event_id" uuid,
	"order_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
DROP INDEX "domains_name_idx";--> statement-breakpoint
DROP INDEX "leads_dedupe_idx";--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "available" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "balances" ALTER COLUMN "available" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "pending" numeric(14, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_revenue_event_id_revenue_events_id_fk" FOREIGN KEY ("revenue_event_id") REFERENCES "public"."revenue_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_key_idx" ON "ledger_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_release_idx" ON "ledger_entries" USING btree ("release_at") WHERE "ledger_entries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "domains_verified_name_idx" ON "domains" USING btree ("name") WHERE "domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_user_name_idx" ON "domains" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "domains_unverified_idx" ON "domains" USING btree ("created_at") WHERE "domains"."verified_at" is null;--> statement-breakpoint
CREATE INDEX "payouts_processing_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "domains_name_idx" ON "domains" USING btree ("name");--> statement-breakpoint
CREATE INDEX "leads_dedupe_idx" ON "leads" USING btree ("email_key","zip_code","created_at");--> statement-breakpoint
-- Existing data: nothing is deleted. Domains added before ownership had to be proven are
-- unverified until their owner publishes the record; reported revenue (parking, sales recorded
-- by the owner, other) leaves the balance; lead earnings and commissions on orders paid with real
-- money become held funds with the default holds (leads 14 days, commissions 30); every payout
-- that left is a debit. The balance is then the sum of that ledger.
UPDATE "domains" SET "status" = 'pending' WHERE "status" IN ('active', 'parked');--> statement-breakpoint
UPDATE "leads" SET "email_key" = lower(regexp_replace("email", '\+[^@]*@', '@'));--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "kind", "amount", "status", "release_at", "description", "source_key", "revenue_event_id", "created_at")
SELECT e."user_id", 'lead', e."amount",
       CASE WHEN e."occurred_at" + interval '14 days' <= now() THEN 'available' ELSE 'pending' END,
       e."occurred_at" + interval '14 days', e."description", 'held:' || e."source_key", e."id", e."created_at"
FROM "revenue_events" e
WHERE e."type" = 'lead' AND e."source_key" IS NOT NULL;--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "kind", "amount", "status", "release_at", "description", "source_key", "revenue_event_id", "order_id", "created_at")
SELECT e."user_id", 'commission', e."amount",
       CASE WHEN e."occurred_at" + interval '30 days' <= now() THEN 'available' ELSE 'pending' END,
       e."occurred_at" + interval '30 days', e."description", 'held:' || e."source_key", e."id", o."id", e."created_at"
FROM "revenue_events" e
JOIN "service_orders" o ON o."id"::text = e."metadata"->>'orderId'
WHERE e."type" = 'affiliate' AND e."source_key" IS NOT NULL AND o."provider" IS DISTINCT FROM 'sandbox';--> statement-breakpoint
UPDATE "revenue_events" e SET "metadata" = coalesce(e."metadata", '{}'::jsonb) || '{"test": true}'::jsonb
FROM "service_orders" o
WHERE e."type" = 'affiliate' AND o."id"::text = e."metadata"->>'orderId' AND o."provider" = 'sandbox';--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "kind", "amount", "status", "release_at", "description", "source_key", "payout_id", "created_at")
SELECT p."user_id", 'payout', -p."amount", 'available', p."created_at", 'Payout to ' || p."paypal_email", 'payout:' || p."id", p."id", p."created_at"
FROM "payouts" p
WHERE p."status" IN ('completed', 'processing', 'pending');--> statement-breakpoint
INSERT INTO "balances" ("user_id") SELECT DISTINCT "user_id" FROM "ledger_entries" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "balances" b SET
  "available" = coalesce((SELECT sum("amount") FROM "ledger_entries" l WHERE l."user_id" = b."user_id" AND l."status" = 'available'), 0),
  "pending" = coalesce((SELECT sum("amount") FROM "ledger_entries" l WHERE l."user_id" = b."user_id" AND l."status" = 'pending'), 0),
  "updated_at" = now();
