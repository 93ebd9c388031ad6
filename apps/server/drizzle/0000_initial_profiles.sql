CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_level" text DEFAULT 'freemium' NOT NULL,
	"ztartag" text,
	"ztartag_plan" text DEFAULT 'free' NOT NULL,
	"full_name" text,
	"username" text,
	"phone" text,
	"birthday" date,
	"location" text,
	"bio" text,
	"website" text,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_url" text,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_level_known" CHECK ("profiles"."user_level" IN ('guest', 'freemium', 'standard', 'pro', 'premium', 'business', 'enterprise')),
	CONSTRAINT "profiles_ztartag_format" CHECK ("profiles"."ztartag" ~ '^[A-Za-z0-9_]{3,20}$'),
	CONSTRAINT "profiles_language_known" CHECK ("profiles"."language" IN ('en', 'es', 'fr', 'pt')),
	CONSTRAINT "profiles_full_name_length" CHECK (char_length("profiles"."full_name") <= 100),
	CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") <= 500)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_key" UNIQUE("user_id","role"),
	CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" IN ('admin', 'expert', 'pro', 'user'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_ztartag_lower_key" ON "profiles" USING btree (lower("ztartag"));