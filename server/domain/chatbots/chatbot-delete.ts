import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chatbots, chatbotVersions } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { lockChatbot, rulesUsing } from './chatbot-rows';

/** Deletes a bot and its versions, unless a routing rule gives chats to it (spec §4: RULES_USE_CHATBOT). */
export async function chatbotDelete(
  scope: CommandScope,
  payload: CommandPayload<'chatbot.delete'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const bot = await lockChatbot(scope, payload.chatbotId);
  if (!bot) fail('CHATBOT_NOT_FOUND');
  if ((await rulesUsing(scope, bot.id)).length > 0) fail('RULES_USE_CHATBOT');
  const versions = await scope.tx
    .delete(chatbotVersions)
    .where(eq(chatbotVersions.chatbotId, bot.id))
    .returning({ id: chatbotVersions.id });
  await scope.tx.delete(chatbots).where(eq(chatbots.id, bot.id));
  scope.emit('chatbot.deleted', { chatbotId: bot.id }, [
    { table: 'chatbots', op: 'delete', key: bot.id, groups: [ORG_GROUP] },
    ...versions.map((version) => ({
      table: 'chatbotVersions' as const,
      op: 'delete' as const,
      key: version.id,
      groups: [ORG_GROUP],
    })),
  ]);
}
