CREATE TABLE "billing_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"usage_limit" bigint,
	"domain_id" uuid,
	"source" text NOT NULL,
	"order_id" uuid,
	"subscription_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_ends_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"fail_renewals" boolean DEFAULT false NOT NULL,
	"first_order_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_order_id_service_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."service_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_user_idx" ON "entitlements" USING btree ("user_id","feature");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_order_feature_idx" ON "entitlements" USING btree ("order_id","feature");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_subscription_feature_idx" ON "entitlements" USING btree ("subscription_id","feature");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_idx" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_first_order_idx" ON "subscriptions" USING btree ("first_order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
INSERT INTO "billing_clock" ("id", "offset_seconds") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Orders paid before entitlements existed grant what they bought: one-off offers for ever (or
-- for their duration), monthly offers for the 30 days their single payment covered.
WITH paid AS (
	SELECT o.id, o.user_id, o.domain_id, o.offer_id, o.paid_at, coalesce(o.metadata->'request', '{}'::jsonb) AS req
	FROM "service_orders" o
	WHERE o.status = 'paid' AND o.paid_at IS NOT NULL
),
grants AS (
	SELECT id, user_id, domain_id, paid_at, offer_id, f.feature, f.usage_limit, f.days
	FROM paid, LATERAL (
		SELECT 'appraisal' AS feature, NULL::bigint AS usage_limit, NULL::int AS days WHERE offer_id = 'appraisal'
		UNION ALL SELECT 'broker', NULL, NULL WHERE offer_id = 'broker'
		UNION ALL SELECT 'premium-service:' || (req->>'serviceType'), NULL, NULL WHERE offer_id = 'premiumService'
		UNION ALL SELECT 'account-plan:pro', NULL, 30 WHERE offer_id = 'proUpgrade'
		UNION ALL SELECT 'premium-listing', NULL, (req->>'duration')::int WHERE offer_id = 'premiumListing'
		UNION ALL SELECT 'buyer-protection', NULL, NULL WHERE offer_id = 'buyerProtection'
		UNION ALL SELECT 'financing', NULL, NULL WHERE offer_id = 'financing'
		UNION ALL SELECT 'promotion:' || (req->>'promotionType'), NULL, (req->>'duration')::int WHERE offer_id = 'promotion'
		UNION ALL SELECT 'recruitment-bonus', NULL, NULL WHERE offer_id = 'recruitmentIncentive'
		UNION ALL SELECT 'training-course:' || (req->>'courseId'), NULL, NULL WHERE offer_id = 'trainingCourse'
		UNION ALL SELECT 'affiliate-tier:' || (req->>'tier'), NULL, NULL WHERE offer_id = 'tierUpgrade'
		UNION ALL SELECT 'marketing-tool:' || tool, NULL, 30 FROM jsonb_array_elements_text(CASE WHEN offer_id = 'marketingTools' THEN coalesce(req->'tools', '[]'::jsonb) ELSE '[]'::jsonb END) AS tool
		UNION ALL SELECT 'premium-analytics:' || (req->>'plan'), NULL, 30 WHERE offer_id = 'premiumAnalytics'
		UNION ALL SELECT 'custom-reports:' || (req->>'reportType'), NULL, NULL WHERE offer_id = 'customReports'
		UNION ALL SELECT 'competitive-analysis', NULL, NULL WHERE offer_id = 'competitiveAnalysis'
		UNION ALL SELECT 'revenue-forecasting', (req->>'period')::bigint, NULL WHERE offer_id = 'forecasting'
		UNION ALL SELECT 'account-plan:' || (req->>'plan'), NULL, 30 WHERE offer_id = 'accountUpgrade'
		UNION ALL SELECT 'security:' || (req->>'level'), NULL, 30 WHERE offer_id = 'securityUpgrade'
		UNION ALL SELECT 'security:' || addon, NULL, 30 FROM jsonb_array_elements_text(CASE WHEN offer_id = 'securityUpgrade' THEN coalesce(req->'features', '[]'::jsonb) ELSE '[]'::jsonb END) AS addon
		UNION ALL SELECT 'support:' || (req->>'tier'), NULL, 30 WHERE offer_id = 'supportSubscription'
		UNION ALL SELECT 'api-access', CASE req->>'plan' WHEN 'developer' THEN 10000 WHEN 'professional' THEN 100000 WHEN 'enterprise' THEN 1000000 END, 30 WHERE offer_id = 'apiAccess'
	) AS f
	WHERE f.feature IS NOT NULL
)
INSERT INTO "entitlements" ("user_id", "feature", "usage_limit", "domain_id", "source", "order_id", "starts_at", "ends_at")
SELECT user_id, feature, usage_limit, CASE WHEN offer_id IN ('appraisal', 'broker', 'premiumService', 'premiumListing', 'buyerProtection', 'financing', 'promotion') THEN domain_id END,
	'order', id, paid_at, CASE WHEN days IS NULL THEN NULL ELSE paid_at + make_interval(days => days) END
FROM grants
ON CONFLICT DO NOTHING;
