CREATE TABLE "nameserver_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"nameservers" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_nameservers" text[];--> statement-breakpoint
ALTER TABLE "nameserver_assignments" ADD CONSTRAINT "nameserver_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nameserver_assignments_name_pair_idx" ON "nameserver_assignments" USING btree ("name","nameservers");--> statement-breakpoint
CREATE UNIQUE INDEX "nameserver_assignments_name_user_idx" ON "nameserver_assignments" USING btree ("name","user_id");