DROP INDEX "domain_revenue_months_domain_idx";--> statement-breakpoint
ALTER TABLE "domain_revenue_months" DROP CONSTRAINT "domain_revenue_months_user_id_month_domain_id_pk";--> statement-breakpoint
-- Keyed by owner, domain and month, the amounts carried in the key's index: a portfolio's P&L
-- reads its months domain by domain from the index alone and sums each domain as it streams by.
ALTER TABLE "domain_revenue_months" ADD CONSTRAINT "domain_revenue_months_user_id_domain_id_month_pk" PRIMARY KEY("user_id","domain_id","month") INCLUDE ("parking", "lead", "marketplace", "other");
