CREATE TABLE "domain_visit_sources" (
	"domain_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "domain_visit_sources_domain_id_day_country_referrer_pk" PRIMARY KEY("domain_id","day","country","referrer")
);
--> statement-breakpoint
ALTER TABLE "domain_visit_sources" ADD CONSTRAINT "domain_visit_sources_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_visit_sources" ADD CONSTRAINT "domain_visit_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_visit_sources_user_day_idx" ON "domain_visit_sources" USING btree ("user_id","day");