CREATE TABLE "event_log_heads" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_log_heads" ADD CONSTRAINT "event_log_heads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each organization's log continues from its own newest event; old events keep their numbers, so
-- every cursor a browser holds stays valid. An organization whose events were all pruned continues
-- above its floor.
INSERT INTO "event_log_heads" ("org_id", "seq")
SELECT o."id", greatest(o."log_floor_seq", coalesce((SELECT max(e."seq") FROM "events" e WHERE e."org_id" = o."id"), 0))
FROM "organizations" o;--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "seq" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "events_seq_seq";--> statement-breakpoint
DROP INDEX "events_org_seq";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY("org_id","seq");--> statement-breakpoint
ALTER TABLE "command_results" ADD COLUMN "sender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "command_results" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;
