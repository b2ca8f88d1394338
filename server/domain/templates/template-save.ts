import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { templates } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { templateRow } from '../../sync/wire-rows';
import type { Viewer } from '../../auth/viewer';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { checkTeams } from '../core/org-teams';
import { mayEditTeams, requireTemplateEditor } from './template-access';
import { lockTemplateCategory } from './template-category-save';

type TemplateSave = CommandPayload<'template.create'>;
type TemplateRecord = typeof templates.$inferSelect;

const put = (row: TemplateRecord): StoredChange => ({
  table: 'templates',
  op: 'put',
  key: row.id,
  row: templateRow(row),
  groups: [ORG_GROUP],
});

/**
 * A template this editor may change: this organization's (TEMPLATE_NOT_FOUND else) and offered
 * only to teams within their reach (TEMPLATE_NOT_MODIFIABLE else, template-access.ts).
 */
async function lockTemplate(
  scope: CommandScope,
  viewer: Viewer,
  id: string,
): Promise<TemplateRecord> {
  const [row] = await scope.tx
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.orgId, scope.orgId)))
    .for('update');
  if (!row) fail('TEMPLATE_NOT_FOUND');
  if (!mayEditTeams(viewer, row.teamIds)) fail('TEMPLATE_NOT_MODIFIABLE');
  return row;
}

/** The fields a save writes, checked: a category chosen (spec §5) and of this organization, teams within reach. */
async function checkedFields(scope: CommandScope, viewer: Viewer, payload: TemplateSave) {
  if (!mayEditTeams(viewer, payload.teamIds)) fail('TEMPLATE_NOT_MODIFIABLE');
  if (!payload.categoryId) fail('TEMPLATE_CATEGORY_NOT_SELECTED', { field: 'categoryId' });
  await lockTemplateCategory(scope, payload.categoryId, 'categoryId');
  const teamIds = await checkTeams(scope, payload.teamIds);
  return { title: payload.title, text: payload.text, categoryId: payload.categoryId, teamIds };
}

export async function templateCreate(scope: CommandScope, payload: TemplateSave): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateId } = payload;
  const [used] = await scope.tx
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.id, templateId));
  if (used) fail('VALIDATION_FAILED', { field: 'templateId' });
  const fields = await checkedFields(scope, viewer, payload);
  const [row] = await scope.tx
    .insert(templates)
    .values({ id: templateId, orgId: scope.orgId, ...fields, createdAt: scope.now })
    .returning();
  if (!row) throw new Error('template insert returned nothing');
  scope.emit('template.created', { templateId, ...fields }, [put(row)]);
}

export async function templateUpdate(scope: CommandScope, payload: TemplateSave): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateId } = payload;
  await lockTemplate(scope, viewer, templateId);
  const fields = await checkedFields(scope, viewer, payload);
  const [row] = await scope.tx
    .update(templates)
    .set(fields)
    .where(eq(templates.id, templateId))
    .returning();
  if (!row) fail('TEMPLATE_NOT_FOUND');
  scope.emit('template.updated', { templateId, ...fields }, [put(row)]);
}

export async function templateDelete(
  scope: CommandScope,
  payload: CommandPayload<'template.delete'>,
): Promise<void> {
  const viewer = await requireTemplateEditor(scope);
  const { templateId } = payload;
  await lockTemplate(scope, viewer, templateId);
  await scope.tx.delete(templates).where(eq(templates.id, templateId));
  scope.emit('template.deleted', { templateId }, [
    { table: 'templates', op: 'delete', key: templateId, groups: [ORG_GROUP] },
  ]);
}
