import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chats } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { closeChat } from '../chats/chat-close';
import { clientPut, lockClient, requireProfileRights, saveClient } from './client-access';

/**
 * Marks a client as spam or lifts the mark. Spam clients' chats leave the chat lists, so their
 * open chats (waiting or in progress) are closed by the system at once: no operator keeps work
 * the lists hide, and no queue waits on it. Lifting the mark changes only the flag.
 */
export async function clientSetSpam(
  scope: CommandScope,
  payload: CommandPayload<'client.setSpam'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const row = await saveClient(scope, client.id, { spam: payload.spam });
  scope.emit('client.spamSet', { clientId: client.id, spam: payload.spam }, [clientPut(row)]);
  if (!payload.spam) return;
  const open = await scope.tx
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.orgId, scope.orgId),
        eq(chats.clientId, client.id),
        inArray(chats.status, ['pending', 'assigned']),
      ),
    )
    .orderBy(asc(chats.id))
    .for('update');
  for (const chat of open) {
    scope.lockedChats.add(chat.id);
    await closeChat(scope, chat, { categoryId: chat.categoryId, reason: 'spam' });
  }
}
