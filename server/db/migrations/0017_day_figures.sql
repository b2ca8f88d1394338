CREATE TABLE "day_figures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"day" text NOT NULL,
	"channel_id" uuid,
	"team_id" uuid,
	"operator_id" uuid,
	"first_reply" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"reaction" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "day_figures_org" ON "day_figures" USING btree ("org_id");