CREATE TABLE "report_chat_observations" (
	"chat_id" uuid NOT NULL,
	"day" text NOT NULL,
	"org_id" uuid NOT NULL,
	"observations" jsonb NOT NULL,
	CONSTRAINT "report_chat_observations_chat_id_day_pk" PRIMARY KEY("chat_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_dirty_chats" (
	"chat_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_presence_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"online" boolean,
	"status" text,
	"pending" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"org_id" uuid NOT NULL,
	"day" text NOT NULL,
	"source" text NOT NULL,
	"channel_id" uuid,
	"team_id" uuid,
	"operator_id" uuid,
	"counters" jsonb NOT NULL,
	"clients" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"first_reply" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"reply_time" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"reaction" bigint[] DEFAULT '{}'::int8[] NOT NULL,
	"dialog_time" bigint[] DEFAULT '{}'::int8[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_state" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"built_zone" text,
	"working_through" text,
	"rebuild_requested" integer DEFAULT 0 NOT NULL,
	"rebuilt_generation" integer DEFAULT -1 NOT NULL,
	"rebuilt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
CREATE INDEX "report_chat_observations_org_day" ON "report_chat_observations" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "report_dirty_chats_org" ON "report_dirty_chats" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "report_presence_changes_org_at" ON "report_presence_changes" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "report_presence_changes_pending" ON "report_presence_changes" USING btree ("org_id") WHERE "report_presence_changes"."pending";--> statement-breakpoint
CREATE INDEX "report_rollups_org_day" ON "report_rollups" USING btree ("org_id","day");