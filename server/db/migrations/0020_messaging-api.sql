CREATE TABLE "app_idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"test" boolean NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_webhook_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"message_id" integer,
	"webhook_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivering_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_webhook_deliveries_webhookId_unique" UNIQUE("webhook_id")
);
--> statement-breakpoint
ALTER TABLE "app_api_keys" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "segments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "app_subscriptions" ADD COLUMN "expiry_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "webhook_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "previous_webhook_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "previous_webhook_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_idempotency_keys" ADD CONSTRAINT "app_idempotency_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_webhook_deliveries" ADD CONSTRAINT "app_webhook_deliveries_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_webhook_deliveries" ADD CONSTRAINT "app_webhook_deliveries_message_id_app_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."app_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_idempotency_keys_key_idx" ON "app_idempotency_keys" USING btree ("app_id","test","key");--> statement-breakpoint
CREATE INDEX "app_idempotency_keys_expires_idx" ON "app_idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "app_webhook_deliveries_app_idx" ON "app_webhook_deliveries" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "app_webhook_deliveries_due_idx" ON "app_webhook_deliveries" USING btree ("next_attempt_at") WHERE "app_webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "app_api_keys_current_idx" ON "app_api_keys" USING btree ("app_id","test") WHERE "app_api_keys"."expires_at" is null;--> statement-breakpoint
CREATE INDEX "app_messages_app_id_idx" ON "app_messages" USING btree ("app_id","test","id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_messages_provider_idx" ON "app_messages" USING btree ("provider_message_id");