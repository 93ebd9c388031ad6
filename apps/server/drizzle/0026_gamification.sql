CREATE TABLE "gamification_standings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"transactions_seen_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gamification_achievements" (
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gamification_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "gamification_xp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"source_id" text NOT NULL,
	"xp" integer NOT NULL,
	"withheld" text,
	"counterparty_user_id" uuid,
	"local_date" date NOT NULL,
	"challenge_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_xp_events_source_key" UNIQUE("user_id","action","source_id"),
	CONSTRAINT "gamification_xp_events_action_known" CHECK ("gamification_xp_events"."action" IN ('first_deposit', 'profile_completed', 'tip_sent', 'tip_received', 'transfer_sent', 'transfer_received', 'qr_first_scan', 'budget_kept', 'goal_reached', 'invoice_paid', 'debt_settled', 'streak_day', 'challenge_completed')),
	CONSTRAINT "gamification_xp_events_withheld_known" CHECK ("gamification_xp_events"."withheld" IS NULL OR "gamification_xp_events"."withheld" IN ('below_minimum', 'daily_cap', 'back_and_forth', 'demo')),
	CONSTRAINT "gamification_xp_events_xp_not_negative" CHECK ("gamification_xp_events"."xp" >= 0),
	CONSTRAINT "gamification_xp_events_withheld_earns_nothing" CHECK ("gamification_xp_events"."withheld" IS NULL OR "gamification_xp_events"."xp" = 0)
);
--> statement-breakpoint
ALTER TABLE "gamification_standings" ADD CONSTRAINT "gamification_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_achievements" ADD CONSTRAINT "gamification_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_xp_events" ADD CONSTRAINT "gamification_xp_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gamification_xp_events_user_created_idx" ON "gamification_xp_events" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gamification_xp_events_user_date_idx" ON "gamification_xp_events" USING btree ("user_id","local_date");