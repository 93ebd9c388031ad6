CREATE TABLE "debt_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debt_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"via" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"ledger_batch_id" uuid,
	"sent_transaction_id" uuid,
	"received_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debt_settlements_via_known" CHECK ("debt_settlements"."via" IN ('transfer', 'manual')),
	CONSTRAINT "debt_settlements_amount_positive" CHECK ("debt_settlements"."amount_minor" > 0),
	CONSTRAINT "debt_settlements_transfer_linked" CHECK (("debt_settlements"."via" = 'transfer') = ("debt_settlements"."ledger_batch_id" IS NOT NULL AND "debt_settlements"."sent_transaction_id" IS NOT NULL AND "debt_settlements"."received_transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "debts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"counterparty_user_id" uuid,
	"counterparty_name" text,
	"contact_id" uuid,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"settled_minor" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"confirmation" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debts_direction_known" CHECK ("debts"."direction" IN ('i_owe', 'owed_to_me')),
	CONSTRAINT "debts_status_known" CHECK ("debts"."status" IN ('open', 'settled')),
	CONSTRAINT "debts_confirmation_known" CHECK ("debts"."confirmation" IN ('not_needed', 'pending', 'confirmed', 'declined')),
	CONSTRAINT "debts_currency_known" CHECK ("debts"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "debts_amount_positive" CHECK ("debts"."amount_minor" > 0),
	CONSTRAINT "debts_settled_within_amount" CHECK ("debts"."settled_minor" >= 0 AND "debts"."settled_minor" <= "debts"."amount_minor"),
	CONSTRAINT "debts_one_counterparty" CHECK (("debts"."counterparty_user_id" IS NULL) <> ("debts"."counterparty_name" IS NULL)),
	CONSTRAINT "debts_not_with_self" CHECK ("debts"."counterparty_user_id" IS NULL OR "debts"."counterparty_user_id" <> "debts"."owner_id")
);
--> statement-breakpoint
ALTER TABLE "debt_settlements" ADD CONSTRAINT "debt_settlements_debt_id_debts_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_settlements" ADD CONSTRAINT "debt_settlements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_counterparty_user_id_users_id_fk" FOREIGN KEY ("counterparty_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debt_settlements_debt_idx" ON "debt_settlements" USING btree ("debt_id","created_at");--> statement-breakpoint
CREATE INDEX "debts_owner_created_idx" ON "debts" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "debts_counterparty_created_idx" ON "debts" USING btree ("counterparty_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "debts"."counterparty_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "debts_due_unreminded_idx" ON "debts" USING btree ("due_date") WHERE "debts"."status" = 'open' AND "debts"."reminded_at" IS NULL AND "debts"."due_date" IS NOT NULL;