CREATE TABLE "plan_usage" (
	"user_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_usage_user_id_counter_day_pk" PRIMARY KEY("user_id","counter","day")
);
--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;