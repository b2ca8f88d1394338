import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { templateCategories, templates } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { templateCategoryRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { checkTeams } from '../core/org-teams';
import { mayEditTeams, requireTemplateEditor } from './template-access';

type TemplateCategoryRecord = typeof templateCategories.$inferSelect;

const put = (row: TemplateCategoryRecord): StoredChange => ({
  table: 'templateCategories',
  op: 'put',
  key: row.id,
  row: templateCategoryRow(row),
  groups: [ORG_GROUP],
});

/** A template category of this organization, locked until commit; CATEGORY_NOT_FOUND else. */
export async function lockTemplateCategory(
  scope: CommandScope,
  id: string,
  field = 'templateCategoryId',
): Promise<TemplateCategoryRecord> {
  const [row] = await scope.tx
    .select()
    .from(templateCategories)
    .where(and(eq(templateCategories.id, id), eq(templateCategories.orgId, scope.orgId)))
    .for('update');
  if (!row) fail('CATEGORY_NOT_FOUND', { field });
  return row;
}

export async function templateCategoryCreate(
  scope: CommandScope,
  payload: CommandPayload<'templateCategory.create'>,
): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateCategoryId: id, name } = payload;
  if (!mayEditTeams(viewer, payload.teamIds)) fail('CATEGORY_ACCESS_DENIED');
  const [used] = await scope.tx
    .select({ id: templateCategories.id })
    .from(templateCategories)
    .where(eq(templateCategories.id, id));
  if (used) fail('VALIDATION_FAILED', { field: 'templateCategoryId' });
  const teamIds = await checkTeams(scope, payload.teamIds);
  const [row] = await scope.tx
    .insert(templateCategories)
    .values({ id, orgId: scope.orgId, name, teamIds, createdAt: scope.now })
    .returning();
  if (!row) throw new Error('template category insert returned nothing');
  scope.emit('templateCategory.created', { templateCategoryId: id, name, teamIds }, [put(row)]);
}

export async function templateCategoryUpdate(
  scope: CommandScope,
  payload: CommandPayload<'templateCategory.update'>,
): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateCategoryId: id, name } = payload;
  const current = await lockTemplateCategory(scope, id);
  if (!mayEditTeams(viewer, current.teamIds) || !mayEditTeams(viewer, payload.teamIds))
    fail('CATEGORY_ACCESS_DENIED');
  const teamIds = await checkTeams(scope, payload.teamIds);
  const [row] = await scope.tx
    .update(templateCategories)
    .set({ name, teamIds })
    .where(eq(templateCategories.id, id))
    .returning();
  if (!row) fail('CATEGORY_NOT_FOUND');
  scope.emit('templateCategory.updated', { templateCategoryId: id, name, teamIds }, [put(row)]);
}

/** Deletes a template category no template is filed under (TEMPLATE_CATEGORY_IN_USE). */
export async function templateCategoryDelete(
  scope: CommandScope,
  payload: CommandPayload<'templateCategory.delete'>,
): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateCategoryId: id } = payload;
  const current = await lockTemplateCategory(scope, id);
  if (!mayEditTeams(viewer, current.teamIds)) fail('CATEGORY_ACCESS_DENIED');
  const [filed] = await scope.tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.orgId, scope.orgId), eq(templates.categoryId, id)))
    .limit(1);
  if (filed) fail('TEMPLATE_CATEGORY_IN_USE');
  await scope.tx.delete(templateCategories).where(eq(templateCategories.id, id));
  scope.emit('templateCategory.deleted', { templateCategoryId: id }, [
    { table: 'templateCategories', op: 'delete', key: id, groups: [ORG_GROUP] },
  ]);
}
