CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"credentials" text NOT NULL,
	"credentials_key_id" text NOT NULL,
	"paused_at" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"running_since" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"last_summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"usd" numeric(18, 8) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE TABLE "parking_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"network" text NOT NULL,
	"day" date NOT NULL,
	"previous_revenue" numeric(12, 2) NOT NULL,
	"revenue" numeric(12, 2) NOT NULL,
	"revised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrar_domains" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean,
	"locked" boolean,
	"privacy" boolean,
	"nameservers" text[],
	"renewal_price" numeric(12, 2),
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tld_prices" (
	"user_id" uuid NOT NULL,
	"tld" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "tld_prices_user_id_tld_pk" PRIMARY KEY("user_id","tld")
);
--> statement-breakpoint
ALTER TABLE "parking_reports" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_reports" ADD COLUMN "reported_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "parking_reports" ADD COLUMN "rate_source" text;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_revisions" ADD CONSTRAINT "parking_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_revisions" ADD CONSTRAINT "parking_revisions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_domains" ADD CONSTRAINT "registrar_domains_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_domains" ADD CONSTRAINT "registrar_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_domains" ADD CONSTRAINT "registrar_domains_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tld_prices" ADD CONSTRAINT "tld_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_user_service_account_idx" ON "connections" USING btree ("user_id","service","account");--> statement-breakpoint
CREATE INDEX "connections_due_idx" ON "connections" USING btree ("next_run_at") WHERE "connections"."paused_at" is null;--> statement-breakpoint
CREATE INDEX "parking_revisions_user_idx" ON "parking_revisions" USING btree ("user_id","revised_at");--> statement-breakpoint
CREATE INDEX "registrar_domains_connection_idx" ON "registrar_domains" USING btree ("connection_id");