import { and, eq } from 'drizzle-orm';
import { filledTemplateText, parametersFit, type CommandPayload } from '../../../src/protocol';
import { messengerTemplates } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireViewer } from '../core/require-viewer';
import { lockChat } from '../chats/chat-access';
import { newMessageId } from './message-id';
import { replyMayGo, storeStaffMessage } from './message-send';

/**
 * A registered messenger template sent to a chat's customer (spec §4: what still reaches them
 * after the 24-hour session; docs/messenger-templates.md). The template must be the chat's
 * channel's and approved by the provider, and every variable filled as the provider takes it.
 * The message reads as the template filled in; its delivery job sends the template itself.
 */
export async function messageSendTemplate(
  scope: CommandScope,
  payload: CommandPayload<'message.sendTemplate'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  const chat = await lockChat(scope, payload.chatId);
  const messageId = await newMessageId(scope, payload.messageId);
  const takes = await replyMayGo(scope, viewer, chat, 'template');
  const [template] = await scope.tx
    .select()
    .from(messengerTemplates)
    .where(
      and(
        eq(messengerTemplates.id, payload.templateId),
        eq(messengerTemplates.orgId, scope.orgId),
        eq(messengerTemplates.channelId, chat.channelId),
      ),
    );
  if (!template || template.status === 'deleting') fail('TEMPLATE_NOT_FOUND');
  if (template.status !== 'approved') fail('MESSENGER_TEMPLATE_NOT_APPROVED');
  const { parameters } = payload;
  if (!parametersFit(template, parameters))
    fail('MESSENGER_TEMPLATE_PARAMETERS_INVALID', { field: 'parameters' });
  const text = filledTemplateText(template, parameters);
  if (payload.text !== text) fail('MESSENGER_TEMPLATE_PARAMETERS_INVALID', { field: 'text' });
  await storeStaffMessage(scope, viewer, chat, takes, {
    id: messageId,
    text,
    internal: false,
    attachments: [],
    template: {
      templateId: template.id,
      name: template.name,
      language: template.language,
      parameters,
    },
  });
}
