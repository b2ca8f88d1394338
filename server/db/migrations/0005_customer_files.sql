ALTER TABLE "files" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "external_id" text;