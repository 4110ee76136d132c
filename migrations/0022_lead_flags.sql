DROP INDEX "leads_dedupe_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "flag_reason" text;--> statement-breakpoint
CREATE INDEX "leads_flagged_idx" ON "leads" USING btree ("created_at") WHERE "leads"."flag_reason" is not null;--> statement-breakpoint
CREATE INDEX "leads_dedupe_idx" ON "leads" USING btree ("email_key","created_at");--> statement-breakpoint
-- One person is one lead: Gmail ignores dots in the name and answers under googlemail.com too,
-- so the canonical address of stored leads drops them (the rest of the key was canonical already).
UPDATE "leads" SET "email_key" = replace(substring("email_key" from '^(.*)@'), '.', '') || '@gmail.com'
WHERE "email_key" ~ '@(gmail|googlemail)\.com$' AND replace(substring("email_key" from '^(.*)@'), '.', '') <> '';
