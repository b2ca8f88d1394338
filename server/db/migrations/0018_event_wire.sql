ALTER TABLE "events" ADD COLUMN "wire" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "whole_to" text[];