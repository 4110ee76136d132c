ALTER TABLE "service_orders" ADD COLUMN "payer" text;--> statement-breakpoint
CREATE INDEX "service_orders_payer_idx" ON "service_orders" USING btree ("payer","user_id") WHERE payer is not null;