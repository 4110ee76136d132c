CREATE TABLE "domain_figures" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_figures" ADD CONSTRAINT "domain_figures_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_figures_user_idx" ON "domain_figures" USING btree ("user_id");--> statement-breakpoint
-- Keeps domain_figures equal to what the portfolio would aggregate, whatever writes the reports
-- and the traffic: each statement adds its signed change (inserted rows add, deleted rows take
-- away, an update does both) to the figures of the domains it touched, for the days inside each
-- figure's 30-day window. A domain without figures, or whose figures are of another day, is
-- recomputed by the portfolio under an exclusive per-owner advisory lock; the shared lock taken
-- here first makes that recomputation wait for writers in flight, so no change is ever lost.
CREATE FUNCTION "domain_figures_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := CASE TG_TABLE_NAME
    WHEN 'parking_reports' THEN '"user_id", "domain_id", "day", "revenue", "visitors"::bigint'
    ELSE '"user_id", "domain_id", "day", 0::numeric, "visits"::bigint'
  END;
  minus text := CASE TG_TABLE_NAME
    WHEN 'parking_reports' THEN '"user_id", "domain_id", "day", -"revenue", -"visitors"::bigint'
    ELSE '"user_id", "domain_id", "day", 0::numeric, -"visits"::bigint'
  END;
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s FROM old_rows', minus)
    ELSE format('SELECT %s FROM old_rows UNION ALL SELECT %s FROM new_rows', minus, cols)
  END;
  EXECUTE format($q$
    SELECT count(pg_advisory_xact_lock_shared(hashtextextended('domain_figures:' || "user_id", 0)))
    FROM (
      SELECT DISTINCT d."user_id" FROM (%s) AS c("user_id", "domain_id", "day", "revenue", "visitors")
      JOIN "domains" d ON d."id" = c."domain_id"
      ORDER BY 1
    ) AS owners
  $q$, changed);
  EXECUTE format($q$
    UPDATE "domain_figures" f
    SET "revenue" = f."revenue" + s."revenue", "visitors" = f."visitors" + s."visitors"
    FROM (
      SELECT c."domain_id", sum(c."revenue") AS "revenue", sum(c."visitors") AS "visitors"
      FROM (%s) AS c("user_id", "domain_id", "day", "revenue", "visitors")
      JOIN "domain_figures" w ON w."domain_id" = c."domain_id" AND w."user_id" = c."user_id"
        AND c."day" >= w."as_of" - 29
      GROUP BY c."domain_id"
    ) AS s
    WHERE f."domain_id" = s."domain_id" AND (s."revenue" <> 0 OR s."visitors" <> 0)
  $q$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "parking_reports_figures_insert" AFTER INSERT ON "parking_reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "parking_reports_figures_update" AFTER UPDATE ON "parking_reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "parking_reports_figures_delete" AFTER DELETE ON "parking_reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "domain_traffic_figures_insert" AFTER INSERT ON "domain_traffic"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "domain_traffic_figures_update" AFTER UPDATE ON "domain_traffic"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "domain_traffic_figures_delete" AFTER DELETE ON "domain_traffic"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "domain_figures_apply"();
