CREATE TABLE "payment_disputes" (
	"provider" text NOT NULL,
	"dispute_id" text NOT NULL,
	"order_id" uuid,
	"invoice_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_provider_dispute_id_pk" PRIMARY KEY("provider","dispute_id")
);
--> statement-breakpoint
CREATE TABLE "payment_ids" (
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ids_provider_provider_id_pk" PRIMARY KEY("provider","provider_id")
);
--> statement-breakpoint
CREATE TABLE "unmatched_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"order_id" uuid,
	"invoice_id" uuid,
	"user_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "credit_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "settles_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ids" ADD CONSTRAINT "payment_ids_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_status_idx" ON "payment_disputes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_ids_order_idx" ON "payment_ids" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_payments_payment_idx" ON "unmatched_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "unmatched_payments_status_idx" ON "unmatched_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_pending_idx" ON "ledger_entries" USING btree ("user_id","release_at") WHERE "ledger_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_entries_credit_idx" ON "ledger_entries" USING btree ("credit_id") WHERE "ledger_entries"."credit_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
-- A reversal written before this migration names its credit by key only ("reversal:<key>" for the
-- whole credit, "reversal:<key>:<part>" for a part refunded): each now points at its credit, the
-- longest credit key that matches, and says what moved it.
UPDATE "ledger_entries" r SET "credit_id" = m."credit_id", "order_id" = coalesce(r."order_id", m."order_id"),
  "cause" = CASE WHEN r."source_key" = 'reversal:' || m."key" THEN 'whole'
    ELSE substr(r."source_key", length('reversal:' || m."key") + 2) END
FROM (
  SELECT DISTINCT ON (r2."id") r2."id" AS "reversal_id", c."id" AS "credit_id", c."order_id", substr(c."source_key", 6) AS "key"
  FROM "ledger_entries" r2
  JOIN "ledger_entries" c ON c."user_id" = r2."user_id" AND starts_with(c."source_key", 'held:')
    AND (r2."source_key" = 'reversal:' || substr(c."source_key", 6)
      OR starts_with(r2."source_key", 'reversal:' || substr(c."source_key", 6) || ':'))
  WHERE r2."kind" = 'reversal'
  ORDER BY r2."id", length(c."source_key") DESC
) m
WHERE r."id" = m."reversal_id";--> statement-breakpoint
-- A campaign's bonus shares and a missed campaign's return are paid for by the campaign's order:
-- a refund of that order takes them back like any credit the order funded.
UPDATE "ledger_entries" l SET "order_id" = c."order_id"
FROM "revenue_events" e, "recruitment_campaigns" c
WHERE l."revenue_event_id" = e."id" AND l."kind" IN ('campaign-bonus', 'campaign-return') AND l."order_id" IS NULL
  AND c."id"::text = e."metadata"->>'campaignId';--> statement-breakpoint
UPDATE "ledger_entries" r SET "order_id" = c."order_id"
FROM "ledger_entries" c WHERE r."credit_id" = c."id" AND r."order_id" IS NULL AND c."order_id" IS NOT NULL;--> statement-breakpoint
-- Every payment id known so far finds what it paid.
INSERT INTO "payment_ids" ("provider", "provider_id", "kind", "order_id", "created_at")
SELECT "provider", "provider_payment_id",
  CASE WHEN "provider" = 'sandbox' THEN 'sandbox'
    WHEN "provider" = 'paypal' THEN 'capture'
    WHEN "provider_payment_id" LIKE 'pi\_%' THEN 'payment_intent'
    WHEN "provider_payment_id" LIKE 'in\_%' THEN 'invoice'
    WHEN "provider_payment_id" LIKE 'ch\_%' THEN 'charge'
    ELSE 'checkout_session' END,
  "id", coalesce("paid_at", "created_at")
FROM "service_orders" WHERE "provider_payment_id" IS NOT NULL AND "provider" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "payment_ids" ("provider", "provider_id", "kind", "invoice_id", "created_at")
SELECT "provider", "provider_payment_id",
  CASE WHEN "provider" = 'sandbox' THEN 'sandbox' WHEN "provider" = 'paypal' THEN 'capture' ELSE 'payment_intent' END,
  "id", coalesce("paid_at", "created_at")
FROM "lead_invoices" WHERE "provider_payment_id" IS NOT NULL AND "provider" IS NOT NULL
ON CONFLICT DO NOTHING;
