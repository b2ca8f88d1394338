CREATE TABLE "channel_status_backlog" (
	"channel_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_status_backlog_channel_id_kind_provider_id_status_pk" PRIMARY KEY("channel_id","kind","provider_id","status")
);
--> statement-breakpoint
ALTER TABLE "channel_status_backlog" ADD CONSTRAINT "channel_status_backlog_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_status_backlog_received" ON "channel_status_backlog" USING btree ("received_at");