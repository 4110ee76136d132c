CREATE TABLE "account_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_versions" ADD CONSTRAINT "account_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the version of every account a statement's rows belong to, in the statement's own
-- transaction: the polled reads answer 304 from it (docs/architecture.md#polled-reads). One
-- upsert per statement and account, in account order; rows of an account being deleted are skipped.
CREATE FUNCTION "account_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "account_versions" AS v ("user_id", "version")
    SELECT DISTINCT n."user_id", 1 FROM new_rows n JOIN "users" u ON u."id" = n."user_id" ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "account_versions" AS v ("user_id", "version")
    SELECT DISTINCT o."user_id", 1 FROM old_rows o JOIN "users" u ON u."id" = o."user_id" ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  ELSE
    INSERT INTO "account_versions" AS v ("user_id", "version")
    SELECT DISTINCT c."user_id", 1 FROM (
      SELECT n."user_id" FROM new_rows n UNION SELECT o."user_id" FROM old_rows o
    ) c JOIN "users" u ON u."id" = c."user_id" ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What the dashboard, the activity feed, goals and the notification bell show.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['revenue_events', 'domains', 'parking_reports', 'domain_traffic', 'affiliates',
    'account_events', 'revenue_goals', 'notifications']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "account_versions_bump"()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "account_versions_bump"()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "account_versions_bump"()', t || '_version_delete', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The dashboard's days and hours are the account's time zone's.
CREATE FUNCTION "account_versions_bump_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_versions" AS v ("user_id", "version") VALUES (NEW."id", 1)
  ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_time_zone_version" AFTER UPDATE OF "time_zone" ON "users"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "account_versions_bump_user"();
