import { eq } from 'drizzle-orm';
import type { Language, Right } from '../../src/protocol';
import type { Db } from '../db/database';
import { organizations, roles, users } from '../db/schema';
import { viewerGroups } from '../sync/groups';

/** The signed-in staff member a request or a live connection acts for. */
export type Viewer = {
  id: string;
  orgId: string;
  orgName: string;
  name: string;
  email: string;
  language: Language;
  roleId: string;
  roleName: string;
  rights: ReadonlySet<Right>;
  teamIds: readonly string[];
  options: readonly string[];
  groups: string[];
  active: boolean;
  orgActive: boolean;
};

export async function loadViewer(db: Db, userId: string): Promise<Viewer | null> {
  const rows = await db
    .select({ user: users, role: roles, org: organizations })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const rights = new Set(row.role.rights as Right[]);
  return {
    id: row.user.id,
    orgId: row.org.id,
    orgName: row.org.name,
    name: row.user.name,
    email: row.user.email,
    language: row.user.language,
    roleId: row.role.id,
    roleName: row.role.name,
    rights,
    teamIds: row.user.teamIds,
    options: row.org.options,
    groups: viewerGroups({ id: row.user.id, teamIds: row.user.teamIds, rights }),
    active: row.user.active,
    orgActive: row.org.status === 'active',
  };
}
