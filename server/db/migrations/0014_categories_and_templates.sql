ALTER TABLE "request_categories" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sibling names become unique regardless of case. A database may already hold two siblings whose
-- names differ only in case (nothing refused them before): the later one is told apart by the end of
-- its id, so the index can be built and no category or the history naming it is lost.
UPDATE "request_categories" AS "c"
SET "name" = left("c"."name", 117) || ' (' || right("c"."id"::text, 8) || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "org_id", coalesce("parent_id", "org_id"), lower("name") ORDER BY "id"
  ) AS "n"
  FROM "request_categories"
) AS "d"
WHERE "c"."id" = "d"."id" AND "d"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "request_categories_sibling_name" ON "request_categories" USING btree ("org_id",coalesce("parent_id", "org_id"),lower("name")) WHERE not "request_categories"."retired";