CREATE UNIQUE INDEX "domains_id_user_idx" ON "domains" USING btree ("id","user_id");--> statement-breakpoint
ALTER TABLE "domain_revenue_days" DROP CONSTRAINT "domain_revenue_days_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_reports" DROP CONSTRAINT "parking_reports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_reports" DROP CONSTRAINT "parking_reports_domain_id_domains_id_fk";
--> statement-breakpoint
-- One key checks a report's domain and that it is its owner's (two keys checked the domain and
-- the owner apart): a connected network writes millions of these rows.
ALTER TABLE "parking_reports" ADD CONSTRAINT "parking_reports_domain_owner_fk" FOREIGN KEY ("domain_id","user_id") REFERENCES "public"."domains"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- domain_revenue_days is written only by domain_revenue_apply, from events whose domain their own
-- key has just checked (and locked) in the same statement: its rows are no longer checked again
-- one by one. A deleted domain's days still go with it, one set-based delete per statement.
CREATE FUNCTION "domain_revenue_days_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "domain_revenue_days" r USING old_rows o WHERE r."domain_id" = o."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "domains_revenue_days_delete" AFTER DELETE ON "domains"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_revenue_days_remove"();
