CREATE TABLE "channel_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"type" text NOT NULL,
	"state_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"completed_at" timestamp with time zone,
	"secrets" jsonb,
	"settings" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_authorizations_stateHash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE INDEX "channel_authorizations_expiry" ON "channel_authorizations" USING btree ("expires_at");