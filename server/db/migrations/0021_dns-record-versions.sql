CREATE TABLE "dns_record_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dns_record_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain_id" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"user_id" integer,
	"actor_email" text,
	"template" text,
	"diff" jsonb NOT NULL,
	"records" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dns_record_versions" ADD CONSTRAINT "dns_record_versions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_record_versions" ADD CONSTRAINT "dns_record_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dns_record_versions_number_idx" ON "dns_record_versions" USING btree ("domain_id","number");--> statement-breakpoint
CREATE INDEX "dns_record_versions_template_idx" ON "dns_record_versions" USING btree ("domain_id","template");