CREATE TABLE "sandbox_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_operations_kind_known" CHECK ("sandbox_operations"."kind" IN ('charge', 'payout')),
	CONSTRAINT "sandbox_operations_outcome_known" CHECK ("sandbox_operations"."outcome" IN ('succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processor_token" text,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"holder_name" text NOT NULL,
	"billing_address" jsonb,
	"bank_account_kind" text,
	"iban" text,
	"account_number" text,
	"routing_number" text,
	"country" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_methods_type_known" CHECK ("payment_methods"."type" IN ('card', 'bank_account')),
	CONSTRAINT "payment_methods_card_has_token" CHECK ("payment_methods"."type" <> 'card' OR ("payment_methods"."processor_token" IS NOT NULL AND "payment_methods"."exp_month" IS NOT NULL AND "payment_methods"."exp_year" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "transaction_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text,
	"name" text,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_categories_named" CHECK ("transaction_categories"."key" IS NOT NULL OR "transaction_categories"."name" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"category_id" uuid,
	"description" text NOT NULL,
	"note" text,
	"counterparty_user_id" uuid,
	"counterparty_ztartag" text,
	"counterparty_name" text,
	"payment_method_id" uuid,
	"payment_method_type" text,
	"payment_method_brand" text,
	"payment_method_last4" text,
	"failure_code" text,
	"group_id" uuid NOT NULL,
	"ledger_batch_id" uuid,
	"pending_transfer_id" uuid,
	"processor_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "transactions_type_known" CHECK ("transactions"."type" IN ('income', 'expense')),
	CONSTRAINT "transactions_kind_known" CHECK ("transactions"."kind" IN ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'tip_in', 'tip_out')),
	CONSTRAINT "transactions_status_known" CHECK ("transactions"."status" IN ('pending', 'completed', 'failed')),
	CONSTRAINT "transactions_currency_known" CHECK ("transactions"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD CONSTRAINT "transaction_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_transaction_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."transaction_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_counterparty_user_id_users_id_fk" FOREIGN KEY ("counterparty_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_operations_due_idx" ON "sandbox_operations" USING btree ("settle_at") WHERE "sandbox_operations"."settled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_categories_user_key_key" ON "transaction_categories" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_categories_user_name_key" ON "transaction_categories" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_group_id_idx" ON "transactions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "transactions_processor_reference_idx" ON "transactions" USING btree ("processor_reference");