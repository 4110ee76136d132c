CREATE TABLE "domain_revenue_days" (
	"user_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"day" date NOT NULL,
	"parking" numeric(14, 2) DEFAULT '0' NOT NULL,
	"lead" numeric(14, 2) DEFAULT '0' NOT NULL,
	"marketplace" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "domain_revenue_days_user_id_day_domain_id_pk" PRIMARY KEY("user_id","day","domain_id")
);
--> statement-breakpoint
CREATE TABLE "domain_revenue_months" (
	"user_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"month" date NOT NULL,
	"parking" numeric(14, 2) DEFAULT '0' NOT NULL,
	"lead" numeric(14, 2) DEFAULT '0' NOT NULL,
	"marketplace" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "domain_revenue_months_user_id_month_domain_id_pk" PRIMARY KEY("user_id","month","domain_id")
);
--> statement-breakpoint
ALTER TABLE "domain_revenue_days" ADD CONSTRAINT "domain_revenue_days_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_revenue_months" ADD CONSTRAINT "domain_revenue_months_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_revenue_days_domain_idx" ON "domain_revenue_days" USING btree ("domain_id","day");--> statement-breakpoint
CREATE INDEX "domain_revenue_months_domain_idx" ON "domain_revenue_months" USING btree ("domain_id","month");--> statement-breakpoint
-- Keeps domain_revenue_days and domain_revenue_months equal to the sums of the revenue_events
-- that carry a domain, whatever writes the events: one set-based upsert per table and statement
-- (a million-row insert costs one aggregate, not a million). Amounts are added, never
-- recomputed, so concurrent writers cannot lose each other's sums. Events of a domain being
-- deleted are skipped: the domains cascade removes its rows. `user_id` is the domain's owner.
CREATE FUNCTION "domain_revenue_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- The statement's signed change: inserted rows add, deleted rows take away, an update does both.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "domain_id", "occurred_at", "type", "amount" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "domain_id", "occurred_at", "type", -"amount" FROM old_rows'
    ELSE 'SELECT "domain_id", "occurred_at", "type", -"amount" FROM old_rows
      UNION ALL SELECT "domain_id", "occurred_at", "type", "amount" FROM new_rows'
  END;
  EXECUTE format($q$
    WITH c AS (
      SELECT d."user_id", e."domain_id", (e."occurred_at" AT TIME ZONE 'UTC')::date AS "day",
        coalesce(sum(e."amount") FILTER (WHERE e."type" = 'parking'), 0) AS "parking",
        coalesce(sum(e."amount") FILTER (WHERE e."type" = 'lead'), 0) AS "lead",
        coalesce(sum(e."amount") FILTER (WHERE e."type" = 'marketplace'), 0) AS "marketplace",
        coalesce(sum(e."amount") FILTER (WHERE e."type" NOT IN ('parking', 'lead', 'marketplace')), 0) AS "other"
      FROM (%s) AS e("domain_id", "occurred_at", "type", "amount")
      JOIN "domains" d ON d."id" = e."domain_id"
      GROUP BY 1, 2, 3
    ),
    moved AS (
      -- An update that moved nothing (a re-import of the same amount) writes nothing.
      SELECT * FROM c WHERE "parking" <> 0 OR "lead" <> 0 OR "marketplace" <> 0 OR "other" <> 0
    ),
    days AS (
      INSERT INTO "domain_revenue_days" AS r ("user_id", "day", "domain_id", "parking", "lead", "marketplace", "other")
      SELECT "user_id", "day", "domain_id", "parking", "lead", "marketplace", "other" FROM moved
      ORDER BY 1, 2, 3
      ON CONFLICT ("user_id", "day", "domain_id") DO UPDATE SET
        "parking" = r."parking" + excluded."parking", "lead" = r."lead" + excluded."lead",
        "marketplace" = r."marketplace" + excluded."marketplace", "other" = r."other" + excluded."other"
    )
    INSERT INTO "domain_revenue_months" AS r ("user_id", "month", "domain_id", "parking", "lead", "marketplace", "other")
    SELECT "user_id", date_trunc('month', "day")::date, "domain_id",
      sum("parking"), sum("lead"), sum("marketplace"), sum("other")
    FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "month", "domain_id") DO UPDATE SET
      "parking" = r."parking" + excluded."parking", "lead" = r."lead" + excluded."lead",
      "marketplace" = r."marketplace" + excluded."marketplace", "other" = r."other" + excluded."other"
  $q$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revenue_events_domain_revenue_insert" AFTER INSERT ON "revenue_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_revenue_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_events_domain_revenue_update" AFTER UPDATE ON "revenue_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_revenue_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_events_domain_revenue_delete" AFTER DELETE ON "revenue_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_revenue_apply"();
--> statement-breakpoint
INSERT INTO "domain_revenue_days" ("user_id", "day", "domain_id", "parking", "lead", "marketplace", "other")
SELECT d."user_id", (e."occurred_at" AT TIME ZONE 'UTC')::date, e."domain_id",
  coalesce(sum(e."amount") FILTER (WHERE e."type" = 'parking'), 0),
  coalesce(sum(e."amount") FILTER (WHERE e."type" = 'lead'), 0),
  coalesce(sum(e."amount") FILTER (WHERE e."type" = 'marketplace'), 0),
  coalesce(sum(e."amount") FILTER (WHERE e."type" NOT IN ('parking', 'lead', 'marketplace')), 0)
FROM "revenue_events" e JOIN "domains" d ON d."id" = e."domain_id"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "domain_revenue_months" ("user_id", "month", "domain_id", "parking", "lead", "marketplace", "other")
SELECT "user_id", date_trunc('month', "day")::date, "domain_id", sum("parking"), sum("lead"), sum("marketplace"), sum("other")
FROM "domain_revenue_days" GROUP BY 1, 2, 3;
