CREATE TABLE "auto_replies" (
	"org_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"text" text NOT NULL,
	"buttons" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_replies_channel_id_kind_pk" PRIMARY KEY("channel_id","kind")
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"instance_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"connections" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "routing_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"priority" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timers_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "auto_reply_wait_minutes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "unanswered_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "auto_replies_sent" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "buttons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_user" ON "presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "routing_rules_channel" ON "routing_rules" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_rules_one_default" ON "routing_rules" USING btree ("channel_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "timers_due" ON "timers" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "chats_org_queue" ON "chats" USING btree ("org_id","team_id","queued_at") WHERE status = 'pending';--> statement-breakpoint
-- Chats already waiting keep their place: queued since they opened, unanswered since the customer's last word.
UPDATE "chats" SET "queued_at" = "created_at" WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "chats" SET "assigned_at" = "updated_at" WHERE "status" = 'assigned';--> statement-breakpoint
UPDATE "chats" SET "unanswered_since" = "last_client_message_at"
  WHERE "status" <> 'closed' AND "last_client_message_at" IS NOT NULL
    AND ("last_operator_message_at" IS NULL OR "last_operator_message_at" < "last_client_message_at");--> statement-breakpoint
-- Every channel has its default routing rule (the server makes it with each new channel).
INSERT INTO "routing_rules" ("id", "org_id", "channel_id", "name", "is_default", "priority", "conditions", "action")
  SELECT gen_random_uuid(), "org_id", "id", 'Default', true, 0,
    '{"chatStatus":"any","messageType":"any","mailingType":null,"includeIntents":[],"excludeIntents":[]}'::jsonb,
    CASE WHEN "team_id" IS NULL THEN '{"kind":"last_executor"}'::jsonb
         ELSE jsonb_build_object('kind', 'team', 'teamId', "team_id") END
  FROM "channels";
