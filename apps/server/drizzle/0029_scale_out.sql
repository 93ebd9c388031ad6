CREATE TABLE "live_event_relay" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "scheduled_runs_job_period_start_pk" PRIMARY KEY("job","period_start")
);
--> statement-breakpoint
DROP INDEX "profiles_verified_phone_idx";--> statement-breakpoint
CREATE INDEX "live_event_relay_created_at_idx" ON "live_event_relay" USING btree ("created_at");--> statement-breakpoint
-- A number verified on several accounts stays verified on the one that verified it last (who
-- proved most recently to hold it); the others keep it as an unverified number.
UPDATE "profiles" p SET "phone_verified_at" = NULL
WHERE p."phone_verified_at" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "profiles" o
  WHERE o."phone" = p."phone" AND o."phone_verified_at" IS NOT NULL AND o."id" <> p."id"
    AND (o."phone_verified_at" > p."phone_verified_at" OR (o."phone_verified_at" = p."phone_verified_at" AND o."id" > p."id"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_verified_phone_key" ON "profiles" USING btree ("phone") WHERE "profiles"."phone_verified_at" IS NOT NULL;