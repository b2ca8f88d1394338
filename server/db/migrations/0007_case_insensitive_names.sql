DROP INDEX "roles_org_name";--> statement-breakpoint
DROP INDEX "teams_org_name";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name" ON "roles" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_org_name" ON "teams" USING btree ("org_id",lower("name"));