import { and, eq, ne } from 'drizzle-orm';
import { takesTemplates, templateProblem, type CommandPayload } from '../../../src/protocol';
import { messengerTemplates } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { messengerTemplateRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { lockChannelSettings } from '../distribution/channel-access';

type TemplateSave = CommandPayload<'messengerTemplate.create'>;
export type MessengerTemplateRecord = typeof messengerTemplates.$inferSelect;

export const templatePut = (row: MessengerTemplateRecord): StoredChange => ({
  table: 'messengerTemplates',
  op: 'put',
  key: row.id,
  row: messengerTemplateRow(row),
  groups: [ORG_GROUP],
});

/** Drafts and rejected templates are written here; the others are the provider's to review or keep. */
export const EDITABLE = new Set<MessengerTemplateRecord['status']>(['draft', 'rejected']);

/** This organization's template, locked for the command (TEMPLATE_NOT_FOUND else; a deleted one is gone). */
export async function lockMessengerTemplate(
  scope: CommandScope,
  id: string,
): Promise<MessengerTemplateRecord> {
  const [row] = await scope.tx
    .select()
    .from(messengerTemplates)
    .where(and(eq(messengerTemplates.id, id), eq(messengerTemplates.orgId, scope.orgId)))
    .for('update');
  if (!row || row.status === 'deleting') fail('TEMPLATE_NOT_FOUND');
  return row;
}

/**
 * The template's parts checked by the provider's rules (templateProblem), its channel one whose
 * provider registers templates, and its name and language free in that channel: the provider keys
 * a template by them.
 */
async function checkedParts(scope: CommandScope, payload: TemplateSave, id: string) {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const channel = await lockChannelSettings(scope, payload.channelId);
  if (!takesTemplates(channel.type)) fail('CHANNEL_NOT_FOUND', { field: 'channelId' });
  const problem = templateProblem(payload);
  if (problem) fail(problem.name, { ...problem.params, field: problem.field });
  const [taken] = await scope.tx
    .select({ id: messengerTemplates.id })
    .from(messengerTemplates)
    .where(
      and(
        eq(messengerTemplates.channelId, channel.id),
        eq(messengerTemplates.name, payload.name),
        eq(messengerTemplates.language, payload.language),
        ne(messengerTemplates.id, id),
      ),
    );
  if (taken) fail('MESSENGER_TEMPLATE_EXISTS', { field: 'name' });
  return {
    channelId: channel.id,
    name: payload.name,
    category: payload.category,
    language: payload.language,
    header: payload.header,
    text: payload.text,
    footer: payload.footer,
    buttons: payload.buttons,
  };
}

/** Writes a new template as a draft: nothing reaches the provider until it is submitted. */
export async function messengerTemplateCreate(
  scope: CommandScope,
  payload: TemplateSave,
): Promise<void> {
  const [used] = await scope.tx
    .select({ id: messengerTemplates.id })
    .from(messengerTemplates)
    .where(eq(messengerTemplates.id, payload.templateId));
  if (used) fail('VALIDATION_FAILED', { field: 'templateId' });
  const parts = await checkedParts(scope, payload, payload.templateId);
  const [row] = await scope.tx
    .insert(messengerTemplates)
    .values({
      ...parts,
      id: payload.templateId,
      orgId: scope.orgId,
      status: 'draft',
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.emit('messengerTemplate.saved', { templateId: row.id, channelId: row.channelId }, [
    templatePut(row),
  ]);
}

/**
 * Rewrites a draft or a rejected template (TEMPLATE_NOT_MODIFIABLE for one the provider has or is
 * reviewing: a new template is written instead). A rejected one becomes a draft again, its
 * reason kept until it is submitted. Its channel stays: the provider's account is the channel's.
 */
export async function messengerTemplateUpdate(
  scope: CommandScope,
  payload: TemplateSave,
): Promise<void> {
  const template = await lockMessengerTemplate(scope, payload.templateId);
  if (!EDITABLE.has(template.status)) fail('TEMPLATE_NOT_MODIFIABLE');
  if (template.channelId !== payload.channelId)
    fail('TEMPLATE_NOT_MODIFIABLE', { field: 'channelId' });
  const parts = await checkedParts(scope, payload, template.id);
  const [row] = await scope.tx
    .update(messengerTemplates)
    .set({ ...parts, status: 'draft', updatedAt: scope.now })
    .where(eq(messengerTemplates.id, template.id))
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.emit('messengerTemplate.saved', { templateId: row.id, channelId: row.channelId }, [
    templatePut(row),
  ]);
}
