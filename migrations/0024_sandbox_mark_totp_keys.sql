CREATE TABLE "database_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "secret_key_id" text;