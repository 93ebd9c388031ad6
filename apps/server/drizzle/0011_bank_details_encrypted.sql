ALTER TABLE "payment_methods" ADD COLUMN "bank_details_encrypted" text;--> statement-breakpoint
ALTER TABLE "payment_methods" DROP COLUMN "iban";--> statement-breakpoint
ALTER TABLE "payment_methods" DROP COLUMN "account_number";--> statement-breakpoint
ALTER TABLE "payment_methods" DROP COLUMN "routing_number";
