ALTER TABLE "payouts" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");