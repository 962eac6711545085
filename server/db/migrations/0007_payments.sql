CREATE TABLE "gateway_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" integer,
	"outcome" text NOT NULL,
	"result" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"idempotency_key" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gateway" text,
	"gateway_ref" text,
	"charge_amount_minor" integer,
	"charge_currency" text,
	"charge_rate" double precision,
	"failure_reason" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilment_status" text DEFAULT 'pending' NOT NULL,
	"fulfilment_attempts" integer DEFAULT 0 NOT NULL,
	"fulfilment_error" text,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gateway" text DEFAULT 'stripe' NOT NULL,
	"gateway_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"source" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" integer,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_sign" CHECK (("wallet_entries"."transaction_type" in ('deposit', 'refund') and "wallet_entries"."amount_minor" > 0) or ("wallet_entries"."transaction_type" in ('payment', 'withdrawal') and "wallet_entries"."amount_minor" < 0))
);
--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_customers_user_gateway_idx" ON "gateway_customers" USING btree ("user_id","gateway");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_customers_ref_idx" ON "gateway_customers" USING btree ("gateway","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_gateway_event_idx" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_gateway_ref_idx" ON "orders" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE INDEX "orders_unfulfilled_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid' and "orders"."fulfilment_status" <> 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_ref_idx" ON "saved_payment_methods" USING btree ("gateway","gateway_method_id");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_unique_key_idx" ON "wallet_entries" USING btree ("unique_key");