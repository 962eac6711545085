CREATE TABLE "dns_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dns_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain_id" integer NOT NULL,
	"type" text NOT NULL,
	"host" text NOT NULL,
	"value" text NOT NULL,
	"ttl" integer NOT NULL,
	"priority" integer,
	"registrar_record_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"domain_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"locked" boolean DEFAULT true NOT NULL,
	"whois_privacy" boolean DEFAULT true NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"registration_date" timestamp with time zone,
	"expiry_date" timestamp with time zone,
	"nameservers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" jsonb,
	"purchase_price_minor" integer NOT NULL,
	"renewal_price_minor" integer NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"last_reminder_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_registry" (
	"domain_name" text PRIMARY KEY NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"locked" boolean DEFAULT true NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"privacy" boolean DEFAULT true NOT NULL,
	"nameservers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"auth_code" text NOT NULL,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_record_id" integer DEFAULT 1 NOT NULL,
	"applied_keys" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_records_domain_idx" ON "dns_records" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_live_name_idx" ON "domains" USING btree ("domain_name") WHERE "domains"."status" in ('active', 'expired');