ALTER TABLE "webhook_deliveries" ADD COLUMN "source_key" text;--> statement-breakpoint
-- Events queued before this migration name what they told of in their payload: a tip or a
-- transaction. Keyed here (the first of any duplicates only), so that the sweep does not tell again.
UPDATE "webhook_deliveries" d SET "source_key" = keyed.source_key
FROM (
  SELECT "id", source_key, row_number() OVER (PARTITION BY "webhook_id", "event", source_key ORDER BY "created_at", "id") AS nth
  FROM (
    SELECT "id", "webhook_id", "event", "created_at",
      CASE
        WHEN "payload"->'data'->>'tipId' IS NOT NULL THEN 'tip:' || ("payload"->'data'->>'tipId')
        WHEN "payload"->'data'->>'transactionId' IS NOT NULL THEN 'transaction:' || ("payload"->'data'->>'transactionId')
      END AS source_key
    FROM "webhook_deliveries"
    WHERE "event" <> 'ping'
  ) named
  WHERE source_key IS NOT NULL
) keyed
WHERE d."id" = keyed."id" AND keyed.nth = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_source_key" ON "webhook_deliveries" USING btree ("webhook_id","event","source_key") WHERE "webhook_deliveries"."source_key" IS NOT NULL;
