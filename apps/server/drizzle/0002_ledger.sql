CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" IN ('wallet_available', 'wallet_pending', 'processor_clearing', 'payouts', 'fees')),
	CONSTRAINT "ledger_accounts_currency_known" CHECK ("ledger_accounts"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "ledger_accounts_balance_allowed" CHECK ("ledger_accounts"."allow_negative" OR "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"code" text NOT NULL,
	"state" text NOT NULL,
	"pending_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_minor" > 0),
	CONSTRAINT "ledger_transfers_accounts_differ" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_currency_known" CHECK ("ledger_transfers"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "ledger_transfers_state_known" CHECK ("ledger_transfers"."state" IN ('pending', 'posted', 'voided'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_kind_currency_key" ON "ledger_accounts" USING btree ("owner_id","kind","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind_currency_key" ON "ledger_accounts" USING btree ("kind","currency") WHERE "ledger_accounts"."owner_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_batch_id_idx" ON "ledger_transfers" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_account_id_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_account_id_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_id_idx" ON "ledger_transfers" USING btree ("pending_id");