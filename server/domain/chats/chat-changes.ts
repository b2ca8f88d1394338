import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { ChatHistoryEntry } from '../../../src/protocol';
import { chatHistory, messages, type chats } from '../../db/schema';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatHistoryRow, chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';

type ChatRecord = typeof chats.$inferSelect;

/**
 * The changes that follow a chat's move between teams and operators: the new row for the groups
 * that see it now, a delete for the groups that lost sight of it, and its messages and history
 * for the groups that gained it (they had none of it). `known` lists gained groups whose members
 * already see the chat through another group, to spare sending them what they hold.
 */
export async function chatMoveChanges(
  tx: Tx,
  before: ChatRecord,
  after: ChatRecord,
  known: ReadonlySet<string> = new Set(),
): Promise<StoredChange[]> {
  const oldGroups = chatGroups(before);
  const newGroups = chatGroups(after);
  const lost = oldGroups.filter((group) => !newGroups.includes(group));
  const gained = newGroups.filter((group) => !oldGroups.includes(group) && !known.has(group));
  const changes: StoredChange[] = [
    // The customer's group sees that the chat changed (closed, rated); their widget shows only
    // what the visitor projection takes from it, never the staff's row.
    {
      table: 'chats',
      op: 'put',
      key: after.id,
      row: chatRow(after),
      groups: [...newGroups, customerGroup(after.clientId)],
    },
  ];
  if (lost.length > 0) changes.push({ table: 'chats', op: 'delete', key: after.id, groups: lost });
  if (gained.length > 0) {
    const history = await tx
      .select()
      .from(chatHistory)
      .where(eq(chatHistory.chatId, after.id))
      .orderBy(asc(chatHistory.at));
    const thread = await tx
      .select()
      .from(messages)
      .where(eq(messages.chatId, after.id))
      .orderBy(asc(messages.createdAt));
    for (const row of thread)
      changes.push({
        table: 'messages',
        op: 'put',
        key: row.id,
        row: messageRow(row),
        groups: gained,
      });
    for (const row of history)
      changes.push({
        table: 'chatHistory',
        op: 'put',
        key: row.id,
        row: chatHistoryRow(row),
        groups: gained,
      });
  }
  return changes;
}

/** A new history entry for a chat, by whoever acts in this command, written and described as a change. */
export async function addHistory(
  scope: CommandScope,
  chat: ChatRecord,
  kind: ChatHistoryEntry['kind'],
  data: Record<string, unknown>,
): Promise<StoredChange> {
  const [row] = await scope.tx
    .insert(chatHistory)
    .values({
      id: scope.newId(),
      orgId: scope.orgId,
      chatId: chat.id,
      kind,
      actorId: scope.actorUserId,
      data,
      at: scope.now,
    })
    .returning();
  if (!row) throw new Error('history insert returned nothing');
  return {
    table: 'chatHistory',
    op: 'put',
    key: row.id,
    row: chatHistoryRow(row),
    groups: chatGroups(chat),
  };
}
