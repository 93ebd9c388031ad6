CREATE TABLE "nearby_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"visible_since" timestamp with time zone NOT NULL,
	"cell_row" integer,
	"cell_column" integer,
	"located_at" timestamp with time zone,
	CONSTRAINT "nearby_presence_position_whole" CHECK (("nearby_presence"."cell_row" IS NULL) = ("nearby_presence"."cell_column" IS NULL) AND ("nearby_presence"."cell_row" IS NULL) = ("nearby_presence"."located_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "nearby_presence" ADD CONSTRAINT "nearby_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nearby_presence_cell_idx" ON "nearby_presence" USING btree ("cell_row","cell_column");--> statement-breakpoint
CREATE INDEX "nearby_presence_located_at_idx" ON "nearby_presence" USING btree ("located_at");