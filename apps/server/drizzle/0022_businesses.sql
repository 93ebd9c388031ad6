CREATE TABLE "business_distributions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"items" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_distributions_rule_known" CHECK ("business_distributions"."rule" IN ('equal', 'percentages', 'hours'))
);
--> statement-breakpoint
CREATE TABLE "business_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"custom_role_id" uuid,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_members_approval_known" CHECK ("business_members"."approval_status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "business_members_invitee" CHECK ("business_members"."user_id" IS NOT NULL OR "business_members"."email" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "business_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"brand_color" text,
	"message" text,
	"policies" text,
	"minimum_tip_minor" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_account_id_key" UNIQUE("account_id"),
	CONSTRAINT "businesses_status_known" CHECK ("businesses"."status" IN ('active', 'suspended', 'closed')),
	CONSTRAINT "businesses_currency_known" CHECK ("businesses"."currency" IN ('USD', 'EUR', 'BRL', 'MXN')),
	CONSTRAINT "businesses_brand_color_format" CHECK ("businesses"."brand_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "businesses_minimum_tip_positive" CHECK ("businesses"."minimum_tip_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"currency" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"pending_level" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_level_known" CHECK ("plan_subscriptions"."level" IN ('freemium', 'business', 'enterprise')),
	CONSTRAINT "plan_subscriptions_pending_known" CHECK ("plan_subscriptions"."pending_level" IN ('freemium', 'business', 'enterprise')),
	CONSTRAINT "plan_subscriptions_currency_known" CHECK ("plan_subscriptions"."currency" IN ('USD', 'EUR', 'BRL', 'MXN'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_distributions" ADD CONSTRAINT "business_distributions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_distributions" ADD CONSTRAINT "business_distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_custom_role_id_business_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."business_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_roles" ADD CONSTRAINT "business_roles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_webhooks" ADD CONSTRAINT "business_webhooks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_business_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."business_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_distributions_business_idx" ON "business_distributions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_business_user_key" ON "business_members" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_business_email_key" ON "business_members" USING btree ("business_id","email");--> statement-breakpoint
CREATE INDEX "business_members_user_idx" ON "business_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_members_email_idx" ON "business_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "business_roles_business_idx" ON "business_roles" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_webhooks_business_idx" ON "business_webhooks" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."delivered_at" IS NULL;
