DROP INDEX "channel_deliveries_due";--> statement-breakpoint
ALTER TABLE "channel_health" ADD COLUMN "reauthorization_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held_for" text;--> statement-breakpoint
CREATE INDEX "channel_deliveries_due" ON "channel_deliveries" USING btree ("due_at","created_at") WHERE due_at is not null;