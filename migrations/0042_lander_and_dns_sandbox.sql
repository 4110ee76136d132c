CREATE TABLE "sandbox_dns_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"txt" text,
	"ns" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "sale_banner" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "lander_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD COLUMN "from_lander" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "from_lander" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_dns_records" ADD CONSTRAINT "sandbox_dns_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_dns_records_user_name_idx" ON "sandbox_dns_records" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "sandbox_dns_records_name_idx" ON "sandbox_dns_records" USING btree ("name");