CREATE TABLE "domain_name_holds" (
	"domain_name" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extra_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"payment_ref" text,
	"charge_amount_minor" integer NOT NULL,
	"charge_currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_refund_ref" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"gateway_ref" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"card" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "domain_name_holds" ADD CONSTRAINT "domain_name_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_name_holds" ADD CONSTRAINT "domain_name_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extra_payments_ref_idx" ON "extra_payments" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE INDEX "extra_payments_order_idx" ON "extra_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_ref_idx" ON "checkout_attempts" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE INDEX "checkout_attempts_open_idx" ON "checkout_attempts" USING btree ("next_check_at") WHERE "checkout_attempts"."settled_at" is null;--> statement-breakpoint
UPDATE "checkout_attempts" SET "settled_at" = now() WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "status" NOT IN ('pending', 'failed'));
