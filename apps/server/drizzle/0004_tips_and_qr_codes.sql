CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"currency" text NOT NULL,
	"emv" jsonb NOT NULL,
	"dynamic" jsonb NOT NULL,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "qr_codes_kind_known" CHECK ("qr_codes"."kind" IN ('tip_link', 'payment')),
	CONSTRAINT "qr_codes_currency_known" CHECK ("qr_codes"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "qr_codes_amount_positive" CHECK ("qr_codes"."amount_minor" IS NULL OR "qr_codes"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receiver_id" uuid NOT NULL,
	"sender_id" uuid,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"message" text,
	"sender_email" text,
	"sender_phone" text,
	"card_brand" text,
	"card_last4" text,
	"qr_code_id" uuid,
	"failure_code" text,
	"group_id" uuid NOT NULL,
	"pending_transfer_id" uuid,
	"processor_reference" text,
	"payer_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "tips_source_known" CHECK ("tips"."source" IN ('card', 'wallet')),
	CONSTRAINT "tips_status_known" CHECK ("tips"."status" IN ('pending', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "tips_currency_known" CHECK ("tips"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "tips_amount_positive" CHECK ("tips"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_code_key" ON "qr_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "qr_codes_user_id_idx" ON "qr_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tips_receiver_created_idx" ON "tips" USING btree ("receiver_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tips_sender_created_idx" ON "tips" USING btree ("sender_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tips_processor_reference_idx" ON "tips" USING btree ("processor_reference");