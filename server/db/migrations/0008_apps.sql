CREATE TABLE "app_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "app_api_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "client_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"duration" text NOT NULL,
	"messages" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_type" text NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"duration_months" integer NOT NULL,
	"message_limit" integer NOT NULL,
	"sms_scope" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "app_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_subscriptions" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "app_subscriptions" ADD COLUMN "alert80_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_subscriptions" ADD COLUMN "alert100_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_api_keys" ADD CONSTRAINT "app_api_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_api_keys_app_idx" ON "app_api_keys" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "messaging_packages_type_idx" ON "messaging_packages" USING btree ("service_type","sort_order");--> statement-breakpoint
ALTER TABLE "app_subscriptions" ADD CONSTRAINT "app_subscriptions_package_id_messaging_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."messaging_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_messages_queued_idx" ON "app_messages" USING btree ("id") WHERE "app_messages"."status" = 'queued';