ALTER TABLE "chats" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "first_reply_by" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "reacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_human_operator_id" uuid;--> statement-breakpoint
-- Existing chats get the facts their messages already hold, so the monitoring tables are right
-- from the first day, not only for chats written after this migration.
UPDATE "chats" AS "c" SET
  "first_reply_at" = "f"."created_at",
  "first_reply_by" = "f"."author_id"
FROM (
  SELECT DISTINCT ON ("chat_id") "chat_id", "created_at", "author_id"
  FROM "messages"
  WHERE "author_kind" = 'operator' AND NOT "internal"
  ORDER BY "chat_id", "created_at", "id"
) AS "f"
WHERE "f"."chat_id" = "c"."id";--> statement-breakpoint
UPDATE "chats" AS "c" SET "last_human_operator_id" = "l"."author_id"
FROM (
  SELECT DISTINCT ON ("chat_id") "chat_id", "author_id"
  FROM "messages"
  WHERE "author_kind" = 'operator' AND NOT "internal"
  ORDER BY "chat_id", "created_at" DESC, "id" DESC
) AS "l"
WHERE "l"."chat_id" = "c"."id";--> statement-breakpoint
UPDATE "chats" AS "c" SET "reacted_at" = (
  SELECT min("m"."created_at") FROM "messages" AS "m"
  WHERE "m"."chat_id" = "c"."id" AND "m"."author_kind" = 'operator' AND NOT "m"."internal"
    AND "m"."author_id" = "c"."operator_id" AND "m"."created_at" >= "c"."assigned_at"
)
WHERE "c"."operator_id" IS NOT NULL AND "c"."assigned_at" IS NOT NULL;
