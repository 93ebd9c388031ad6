CREATE TABLE "business_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "business_api_keys_key_hash_key" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "business_api_keys" ADD CONSTRAINT "business_api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_api_keys" ADD CONSTRAINT "business_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_api_keys_business_idx" ON "business_api_keys" USING btree ("business_id","created_at");--> statement-breakpoint
-- Event names of decision 0047: transfer.completed became transfer.received and transfer.sent, invoice.created invoice.paid.
UPDATE "business_webhooks" SET "events" = (
  SELECT COALESCE(jsonb_agg(DISTINCT e), '[]'::jsonb) FROM (
    SELECT CASE WHEN value = 'invoice.created' THEN 'invoice.paid' ELSE value END AS e
    FROM jsonb_array_elements_text("events") WHERE value <> 'transfer.completed'
    UNION ALL
    SELECT unnest(ARRAY['transfer.received', 'transfer.sent']) WHERE "events" ? 'transfer.completed'
  ) AS renamed
) WHERE "events" ?| ARRAY['transfer.completed', 'invoice.created'];--> statement-breakpoint
DELETE FROM "webhook_deliveries" WHERE "event" IN ('transfer.completed', 'invoice.created');
