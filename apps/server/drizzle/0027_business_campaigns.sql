CREATE TABLE "business_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"time_zone" text NOT NULL,
	"goal_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"qr_code_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_campaigns_dates_ordered" CHECK ("business_campaigns"."starts_on" <= "business_campaigns"."ends_on"),
	CONSTRAINT "business_campaigns_goal_positive" CHECK ("business_campaigns"."goal_minor" > 0),
	CONSTRAINT "business_campaigns_currency_known" CHECK ("business_campaigns"."currency" IN ('USD', 'EUR', 'BRL', 'MXN'))
);
--> statement-breakpoint
CREATE TABLE "qr_code_scan_hours" (
	"qr_code_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_campaigns" ADD CONSTRAINT "business_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_campaigns" ADD CONSTRAINT "business_campaigns_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_campaigns" ADD CONSTRAINT "business_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code_scan_hours" ADD CONSTRAINT "qr_code_scan_hours_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_campaigns_business_idx" ON "business_campaigns" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_campaigns_qr_code_key" ON "business_campaigns" USING btree ("qr_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_code_scan_hours_code_hour_key" ON "qr_code_scan_hours" USING btree ("qr_code_id","hour");