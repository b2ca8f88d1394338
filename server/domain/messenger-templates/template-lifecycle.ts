import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { messengerTemplates } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { EDITABLE, lockMessengerTemplate, templatePut } from './template-save';

/**
 * Submits a draft or a rejected template for the provider's review. The command only owes the
 * submission (status `submitting`, due now); the channel workers make the call and keep trying
 * while the provider is away (server/channels/pipeline/template-work.ts), so a submission made
 * offline or during an outage is never lost, and no command holds its transaction over an HTTP call.
 */
export async function messengerTemplateSubmit(
  scope: CommandScope,
  payload: CommandPayload<'messengerTemplate.submit'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const template = await lockMessengerTemplate(scope, payload.templateId);
  if (!EDITABLE.has(template.status)) fail('TEMPLATE_NOT_MODIFIABLE');
  const [row] = await scope.tx
    .update(messengerTemplates)
    .set({
      status: 'submitting',
      reason: null,
      dueAt: scope.now,
      attempts: 0,
      updatedAt: scope.now,
    })
    .where(eq(messengerTemplates.id, template.id))
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.channelWork.deliver = true;
  scope.emit('messengerTemplate.submitted', { templateId: row.id, channelId: row.channelId }, [
    templatePut(row),
  ]);
}

/**
 * Deletes a template. One the provider never had goes at once; one it has (or may have: a
 * submission under way) is marked `deleting`, which every list leaves out, and the channel workers
 * remove it at the provider before the row goes. A message already sent with it keeps its text.
 */
export async function messengerTemplateDelete(
  scope: CommandScope,
  payload: CommandPayload<'messengerTemplate.delete'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const template = await lockMessengerTemplate(scope, payload.templateId);
  const event = { templateId: template.id, channelId: template.channelId };
  // The provider never had it: no id from it, and no submission on its way that may yet give one.
  if (template.providerId === null && template.status !== 'submitting') {
    await scope.tx.delete(messengerTemplates).where(eq(messengerTemplates.id, template.id));
    scope.emit('messengerTemplate.deleted', event, [
      { table: 'messengerTemplates', op: 'delete', key: template.id, groups: [ORG_GROUP] },
    ]);
    return;
  }
  const [row] = await scope.tx
    .update(messengerTemplates)
    .set({ status: 'deleting', dueAt: scope.now, attempts: 0, updatedAt: scope.now })
    .where(eq(messengerTemplates.id, template.id))
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.channelWork.deliver = true;
  scope.emit('messengerTemplate.deleted', event, [templatePut(row)]);
}
