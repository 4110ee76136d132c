CREATE TABLE "course_certificates" (
	"number" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_lesson_opens" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_lesson_opens_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id")
);
--> statement-breakpoint
DROP INDEX "experiments_running_domain_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "domain_pages" DROP CONSTRAINT "domain_pages_pkey";--> statement-breakpoint
ALTER TABLE "domain_pages" ADD CONSTRAINT "domain_pages_domain_id_user_id_pk" PRIMARY KEY("domain_id","user_id");--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_rule" text;--> statement-breakpoint
ALTER TABLE "experiment_visitors" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_opens" ADD CONSTRAINT "course_lesson_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_certificates_user_course_idx" ON "course_certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "experiment_visitors_network_idx" ON "experiment_visitors" USING btree ("experiment_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_domain_idx" ON "experiments" USING btree ("domain_id","user_id") WHERE "experiments"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."email_verified_at" is not null;--> statement-breakpoint
-- Copies added before proof rules keep the proofs they were told of: the TXT record or their pair.
UPDATE "domains" SET "verification_rule" = 'any';
