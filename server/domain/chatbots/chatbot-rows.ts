import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { scenarioProblems, type BotScenario } from '../../../src/protocol';
import type { chatbotVersions } from '../../db/schema';
import { channels, chatbots, files, routingRules } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { chatbotRow, chatbotVersionRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

export type ChatbotRecord = typeof chatbots.$inferSelect;

export const chatbotPut = (row: ChatbotRecord): StoredChange => ({
  table: 'chatbots',
  op: 'put',
  key: row.id,
  row: chatbotRow(row),
  groups: [ORG_GROUP],
});

export const chatbotVersionPut = (row: typeof chatbotVersions.$inferSelect): StoredChange => ({
  table: 'chatbotVersions',
  op: 'put',
  key: row.id,
  row: chatbotVersionRow(row),
  groups: [ORG_GROUP],
});

/** This organization's bot, locked for the command; undefined when there is none of that id. */
export async function lockChatbot(
  scope: CommandScope,
  chatbotId: string,
): Promise<ChatbotRecord | undefined> {
  const [row] = await scope.tx
    .select()
    .from(chatbots)
    .where(eq(chatbots.id, chatbotId))
    .for('update');
  // An id of another organization's bot cannot be written from here, nor learned to exist.
  if (row && row.orgId !== scope.orgId) fail('CHATBOT_NOT_FOUND');
  return row;
}

/** The routing rules of this organization that give chats to the bot. */
export function rulesUsing(scope: CommandScope, chatbotId: string) {
  return scope.tx
    .select({ id: routingRules.id, channelType: channels.type })
    .from(routingRules)
    .innerJoin(channels, eq(channels.id, routingRules.channelId))
    .where(
      and(
        eq(routingRules.orgId, scope.orgId),
        sql`${routingRules.action}->>'kind' = 'chat_bot'`,
        sql`${routingRules.action}->>'botId' = ${chatbotId}`,
      ),
    );
}

/**
 * A scenario checked by the rules (docs/chatbots.md), with the button limits of the channels
 * whose rules give chats to the bot: refused by its first problem's name, at its node.
 */
export async function requireValidScenario(
  scope: CommandScope,
  chatbotId: string,
  draft: { defaultMessage: string; scenario: BotScenario },
): Promise<void> {
  const channelTypes = [...new Set((await rulesUsing(scope, chatbotId)).map((r) => r.channelType))];
  const [problem] = scenarioProblems(
    { defaultMessage: draft.defaultMessage, nodes: draft.scenario.nodes },
    channelTypes,
  );
  if (problem)
    fail(problem.name, {
      ...problem.params,
      ...(problem.nodeId ? { nodeId: problem.nodeId } : {}),
      ...(problem.itemId ? { itemId: problem.itemId } : {}),
      ...(problem.field ? { field: problem.field } : {}),
    }); // A node's file is one of the organization's, uploaded by its staff (the outbox uploads it
  // before the save): a customer's file, or one never uploaded, is not the bot's to send.
  const fileIds = [...new Set(draft.scenario.nodes.flatMap((node) => node.reply.fileId ?? []))];
  if (fileIds.length === 0) return;
  const found = await scope.tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(eq(files.orgId, scope.orgId), inArray(files.id, fileIds), isNotNull(files.uploadedBy)),
    );
  const missing = draft.scenario.nodes.find(
    (node) => node.reply.fileId !== null && !found.some((file) => file.id === node.reply.fileId),
  );
  if (missing) fail('FILE_NOT_FOUND', { nodeId: missing.id, field: 'file' });
}
