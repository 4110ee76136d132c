CREATE TABLE "revenue_buckets" (
	"user_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "revenue_buckets_user_id_bucket_type_pk" PRIMARY KEY("user_id","bucket","type")
);
--> statement-breakpoint
ALTER TABLE "revenue_buckets" ADD CONSTRAINT "revenue_buckets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps revenue_buckets equal to the sums of revenue_events, whatever writes the events: one
-- set-based upsert per statement (a million-row insert costs one aggregate, not a million).
-- Rows of a user being deleted are skipped: the users cascade removes their buckets.
CREATE FUNCTION "revenue_buckets_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "revenue_buckets" AS b ("user_id", "bucket", "type", "amount", "events")
    SELECT n."user_id", date_bin('15 minutes', n."occurred_at", timestamptz '2000-01-01 00:00:00+00'), n."type",
      sum(n."amount"), count(*)
    FROM new_rows n JOIN "users" u ON u."id" = n."user_id"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "bucket", "type") DO UPDATE
      SET "amount" = b."amount" + excluded."amount", "events" = b."events" + excluded."events";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "revenue_buckets" AS b ("user_id", "bucket", "type", "amount", "events")
    SELECT o."user_id", date_bin('15 minutes', o."occurred_at", timestamptz '2000-01-01 00:00:00+00'), o."type",
      -sum(o."amount"), -count(*)
    FROM old_rows o JOIN "users" u ON u."id" = o."user_id"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "bucket", "type") DO UPDATE
      SET "amount" = b."amount" + excluded."amount", "events" = b."events" + excluded."events";
  ELSE
    INSERT INTO "revenue_buckets" AS b ("user_id", "bucket", "type", "amount", "events")
    SELECT d."user_id", d."bucket", d."type", sum(d."amount"), sum(d."events")
    FROM (
      SELECT n."user_id", date_bin('15 minutes', n."occurred_at", timestamptz '2000-01-01 00:00:00+00') AS "bucket",
        n."type", n."amount", 1 AS "events"
      FROM new_rows n
      UNION ALL
      SELECT o."user_id", date_bin('15 minutes', o."occurred_at", timestamptz '2000-01-01 00:00:00+00'),
        o."type", -o."amount", -1
      FROM old_rows o
    ) d JOIN "users" u ON u."id" = d."user_id"
    GROUP BY 1, 2, 3
    HAVING sum(d."amount") <> 0 OR sum(d."events") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "bucket", "type") DO UPDATE
      SET "amount" = b."amount" + excluded."amount", "events" = b."events" + excluded."events";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revenue_events_buckets_insert" AFTER INSERT ON "revenue_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_buckets_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_events_buckets_update" AFTER UPDATE ON "revenue_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_buckets_apply"();
--> statement-breakpoint
CREATE TRIGGER "revenue_events_buckets_delete" AFTER DELETE ON "revenue_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "revenue_buckets_apply"();
--> statement-breakpoint
INSERT INTO "revenue_buckets" ("user_id", "bucket", "type", "amount", "events")
SELECT "user_id", date_bin('15 minutes', "occurred_at", timestamptz '2000-01-01 00:00:00+00'), "type", sum("amount"), count(*)
FROM "revenue_events" GROUP BY 1, 2, 3;
