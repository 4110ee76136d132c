CREATE TABLE "campaign_recruits" (
	"campaign_id" uuid NOT NULL,
	"recruit_id" uuid NOT NULL,
	"recruiter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_recruits_campaign_id_recruit_id_pk" PRIMARY KEY("campaign_id","recruit_id")
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"sequence_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"recruit_id" uuid NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sends_sequence_id_step_recruit_id_pk" PRIMARY KEY("sequence_id","step","recruit_id")
);
--> statement-breakpoint
CREATE TABLE "email_sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"sender_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_sender_id_email_pk" PRIMARY KEY("sender_id","email")
);
--> statement-breakpoint
CREATE TABLE "recruitment_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"goal" integer NOT NULL,
	"bonus" numeric(12, 2) NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"utm_campaign" text,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "social_channels" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"feed_token" text NOT NULL,
	"webhook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"image_url" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"webhook_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_recruits" ADD CONSTRAINT "campaign_recruits_campaign_id_recruitment_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."recruitment_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recruits" ADD CONSTRAINT "campaign_recruits_recruit_id_users_id_fk" FOREIGN KEY ("recruit_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recruits" ADD CONSTRAINT "campaign_recruits_recruiter_id_users_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_recruit_id_users_id_fk" FOREIGN KEY ("recruit_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD CONSTRAINT "email_unsubscribes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_campaigns" ADD CONSTRAINT "recruitment_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_campaigns" ADD CONSTRAINT "recruitment_campaigns_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_registered_user_id_users_id_fk" FOREIGN KEY ("registered_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_channels" ADD CONSTRAINT "social_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_sequences_user_idx" ON "email_sequences" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_campaigns_order_idx" ON "recruitment_campaigns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recruitment_campaigns_user_idx" ON "recruitment_campaigns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recruitment_campaigns_due_idx" ON "recruitment_campaigns" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "referral_clicks_user_idx" ON "referral_clicks" USING btree ("user_id","clicked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_channels_feed_idx" ON "social_channels" USING btree ("feed_token");--> statement-breakpoint
CREATE INDEX "social_posts_user_idx" ON "social_posts" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "social_posts_due_idx" ON "social_posts" USING btree ("scheduled_at") WHERE "social_posts"."published_at" is null;