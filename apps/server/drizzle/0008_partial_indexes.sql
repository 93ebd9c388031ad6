ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_idempotency_key_unique";--> statement-breakpoint
DROP INDEX "ledger_transfers_pending_id_idx";--> statement-breakpoint
DROP INDEX "transactions_processor_reference_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key_unique" ON "ledger_transfers" USING btree ("idempotency_key") WHERE "ledger_transfers"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_id_idx" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_processor_reference_idx" ON "transactions" USING btree ("processor_reference") WHERE "transactions"."processor_reference" IS NOT NULL;