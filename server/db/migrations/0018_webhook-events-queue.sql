ALTER TABLE "gateway_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "email_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gateway_events_pending_idx" ON "gateway_events" USING btree ("id") WHERE "gateway_events"."result" = 'pending';