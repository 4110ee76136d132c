CREATE TABLE "marketplace_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"made_by" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"replaces_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid,
	"domain_name" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"offer_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"order_id" uuid,
	"protection" text,
	"inspection_days" integer NOT NULL,
	"commission_percent" numeric(5, 2) NOT NULL,
	"buyer_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"paid_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	"inspection_ends_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"closed_at" timestamp with time zone,
	"buyer_domain_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "offer_floor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listings_newsletter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listings_newsletter_week" text;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_offer_id_marketplace_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."marketplace_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_buyer_domain_id_domains_id_fk" FOREIGN KEY ("buyer_domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_offers_buyer_idx" ON "marketplace_offers" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_offers_seller_idx" ON "marketplace_offers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_offers_open_idx" ON "marketplace_offers" USING btree ("expires_at") WHERE "marketplace_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transactions_live_idx" ON "marketplace_transactions" USING btree ("domain_id") WHERE "marketplace_transactions"."status" in ('awaiting_payment', 'awaiting_transfer', 'inspection', 'disputed');--> statement-breakpoint
CREATE INDEX "marketplace_transactions_buyer_idx" ON "marketplace_transactions" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_seller_idx" ON "marketplace_transactions" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_status_idx" ON "marketplace_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transactions_order_idx" ON "marketplace_transactions" USING btree ("order_id");