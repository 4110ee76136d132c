-- Account-event kinds are one snake-case list (shared/account-events.ts); two were written with spaces.
UPDATE "account_events" SET "kind" = 'order_paid' WHERE "kind" = 'order paid';--> statement-breakpoint
UPDATE "account_events" SET "kind" = 'order_refunded' WHERE "kind" = 'order refunded';
