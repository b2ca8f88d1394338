import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { organizations } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { organizationRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { requireCategoryEditor } from './category-tree';

/** Turns the "categories required" rule on or off: with it on, no chat closes without one (spec §4). */
export async function organizationSetUsesCategories(
  scope: CommandScope,
  payload: CommandPayload<'organization.setUsesCategories'>,
): Promise<void> {
  await requireCategoryEditor(scope);
  const { usesCategories } = payload;
  const [row] = await scope.tx
    .update(organizations)
    .set({ usesCategories, updatedAt: scope.now })
    .where(eq(organizations.id, scope.orgId))
    .returning();
  if (!row) throw new Error('the organization of a signed-in user is gone');
  scope.emit('organization.usesCategoriesSet', { usesCategories }, [
    {
      table: 'organizations',
      op: 'put',
      key: row.id,
      row: organizationRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}
