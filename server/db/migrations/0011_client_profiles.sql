-- Client profiles (issue 18). Written by hand: client_contacts changes its key and renames a
-- column, which drizzle-kit only asks about interactively; the snapshot beside it is the schema's.
-- Every existing channel identity keeps its client, and a client's stored phone and e-mail become
-- contacts of its own (the first client to hold a value keeps it when two did).
ALTER TABLE "clients" ADD COLUMN "fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" DROP CONSTRAINT "client_contacts_channel_id_external_id_pk";--> statement-breakpoint
ALTER TABLE "client_contacts" RENAME COLUMN "external_id" TO "value";--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "kind" text DEFAULT 'channel' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "client_contacts" ALTER COLUMN "channel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_identity" ON "client_contacts" USING btree ("channel_id","value") WHERE "client_contacts"."kind" = 'channel';--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_address" ON "client_contacts" USING btree ("org_id","kind","value") WHERE "client_contacts"."kind" <> 'channel';--> statement-breakpoint
CREATE INDEX "client_contacts_client" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_contacts_org" ON "client_contacts" USING btree ("org_id");--> statement-breakpoint
INSERT INTO "client_contacts" ("id", "org_id", "client_id", "kind", "value", "created_at")
  SELECT gen_random_uuid(), "org_id", "id", 'phone', "phone", "created_at" FROM "clients"
  WHERE "phone" IS NOT NULL AND "phone" <> '' ORDER BY "created_at"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "client_contacts" ("id", "org_id", "client_id", "kind", "value", "created_at")
  SELECT gen_random_uuid(), "org_id", "id", 'email', lower("email"), "created_at" FROM "clients"
  WHERE "email" IS NOT NULL AND "email" <> '' ORDER BY "created_at"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "client_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "client_merges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"survivor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"merged_by" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "client_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"outer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "blacklist" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"channel_id" uuid,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "blocked_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text,
	"text" text NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "client_comments" ADD CONSTRAINT "client_comments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_comments" ADD CONSTRAINT "client_comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_statuses" ADD CONSTRAINT "client_statuses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_messages" ADD CONSTRAINT "blocked_messages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_comments_org" ON "client_comments" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "client_comments_client" ON "client_comments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_merges_org" ON "client_merges" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "client_merges_survivor" ON "client_merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "client_statuses_org" ON "client_statuses" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_statuses_org_name" ON "client_statuses" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_org" ON "companies" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_outer" ON "companies" USING btree ("org_id","outer_id");--> statement-breakpoint
CREATE INDEX "blacklist_org" ON "blacklist" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_org_entry" ON "blacklist" USING btree ("org_id","kind","value",coalesce("channel_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "blocked_messages_org" ON "blocked_messages" USING btree ("org_id","received_at");
