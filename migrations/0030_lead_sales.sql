CREATE TABLE "lead_buyer_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"lead_id" uuid,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"bid" numeric(12, 2),
	"detail" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_buyers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ping_url" text NOT NULL,
	"post_url" text NOT NULL,
	"secret" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"price_model" text DEFAULT 'bid' NOT NULL,
	"fixed_price" numeric(12, 2),
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"zip_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"daily_cap" integer,
	"monthly_cap" integer,
	"schedule" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"lead_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_deliveries_lead_id_buyer_id_pk" PRIMARY KEY("lead_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sale_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sale_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "buyer_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sale_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "buyer_lead_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "lead_buyer_calls" ADD CONSTRAINT "lead_buyer_calls_buyer_id_lead_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."lead_buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_buyer_id_lead_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."lead_buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_buyer_calls_buyer_idx" ON "lead_buyer_calls" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_buyers_name_idx" ON "lead_buyers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "lead_deliveries_buyer_idx" ON "lead_deliveries" USING btree ("buyer_id","status","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_buyer_id_lead_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."lead_buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_sale_pending_idx" ON "leads" USING btree ("created_at") WHERE "leads"."sale_status" = 'pending';--> statement-breakpoint
CREATE INDEX "leads_buyer_idx" ON "leads" USING btree ("buyer_id","sold_at");--> statement-breakpoint
UPDATE "leads" SET "sale_status" = 'sold', "sold_at" = "created_at", "sale_price" = "value", "buyer_name" = 'Credited before lead sales' WHERE "value" > 0;
