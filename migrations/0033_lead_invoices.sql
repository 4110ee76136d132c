CREATE TABLE "lead_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"sold_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"buyer_id" uuid NOT NULL,
	"month" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"issued_by" uuid,
	"provider" text,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_buyers" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "awaiting" text;--> statement-breakpoint
ALTER TABLE "lead_invoice_lines" ADD CONSTRAINT "lead_invoice_lines_invoice_id_lead_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."lead_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_invoice_lines" ADD CONSTRAINT "lead_invoice_lines_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_invoices" ADD CONSTRAINT "lead_invoices_buyer_id_lead_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."lead_buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_invoices" ADD CONSTRAINT "lead_invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_invoice_lines_invoice_idx" ON "lead_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_invoice_lines_charge_idx" ON "lead_invoice_lines" USING btree ("lead_id") WHERE "lead_invoice_lines"."kind" = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX "lead_invoices_buyer_month_idx" ON "lead_invoices" USING btree ("buyer_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_invoices_number_idx" ON "lead_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_invoices_token_idx" ON "lead_invoices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_invoices_payment_idx" ON "lead_invoices" USING btree ("provider_payment_id");