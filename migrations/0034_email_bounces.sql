ALTER TABLE "email_sends" ADD COLUMN "mail_id" uuid;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD COLUMN "reason" text DEFAULT 'unsubscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD COLUMN "detail" text;