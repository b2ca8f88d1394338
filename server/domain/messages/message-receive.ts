import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { messagePreview, type CommandPayload } from '../../../src/protocol';
import { chats, messages } from '../../db/schema';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { activeChannel } from '../distribution/channel-access';
import { addHistory } from '../chats/chat-changes';
import { lockCustomer } from '../core/customer-lock';
import { storedAttachments } from './message-attachments';
import { newMessageId } from './message-id';
import { decideRoute, giveToRoutedOperator, type Route } from '../distribution/route-chat';
import { sendAutoReply } from '../distribution/auto-replies';
import { checkSender, setMessageAside } from './blacklist-check';
import { newChannelClient } from '../clients/channel-client';
import { answerBot, startBot } from '../chatbots/bot-runtime';

/**
 * A customer's message from a channel adapter. The customer is found by the channel's own id
 * for them (or becomes a new client); the message joins their open chat in that channel, or
 * opens a new one waiting in the channel's team queue. A message may be files only.
 */
export async function messageReceive(
  scope: CommandScope,
  payload: CommandPayload<'message.receive'>,
): Promise<void> {
  if (scope.viewer) fail('COMMAND_NOT_ALLOWED');
  const text = payload.text.trim();
  if (text.length === 0 && payload.attachments.length === 0) fail('EMPTY_MESSAGE');
  const channel = await activeChannel(scope, payload.channelId);
  const messageId = await newMessageId(scope, payload.messageId);

  await lockCustomer(scope, channel.id, payload.client.externalId);
  // A blacklisted sender's message is set aside before anything else of it is stored or anyone
  // hears of it; the sender is told nothing (docs/client-profiles.md).
  const {
    entryId,
    clientId: knownClientId,
    spam,
  } = await checkSender(scope, {
    channelId: channel.id,
    externalId: payload.client.externalId,
    phone: payload.client.phone,
    email: payload.client.email,
  });
  if (entryId) {
    await setMessageAside(scope, entryId, {
      id: messageId,
      channelId: channel.id,
      externalId: payload.client.externalId,
      name: payload.client.name?.trim() || null,
      text,
      files: payload.attachments.length,
    });
    return;
  }
  // Files only the customer themselves uploaded through this channel.
  const attachments = await storedAttachments(scope, payload.attachments, {
    kind: 'customer',
    orgId: scope.orgId,
    channelId: channel.id,
    externalId: payload.client.externalId,
  });
  const changes: StoredChange[] = [];
  // The client this identity already belongs to, found by the check under the customer's lock.
  let clientId = knownClientId;
  if (!clientId) {
    const created = await newChannelClient(scope, channel.id, payload.client);
    clientId = created.id;
    changes.push(...created.changes);
  }

  const [open] = await scope.tx
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.clientId, clientId),
        eq(chats.channelId, channel.id),
        ne(chats.status, 'closed'),
      ),
    )
    .orderBy(desc(chats.createdAt))
    .limit(1)
    .for('update');
  let chatId: string;
  let created = false;
  let route: Route | null = null;
  if (open) {
    chatId = open.id;
  } else {
    created = true;
    chatId = scope.newId();
    // A spam client's chat waits in the channel's team unrouted until the flag is lifted.
    route = spam
      ? { kind: 'none', ruleId: null }
      : await decideRoute(scope, channel, clientId, text);
    await scope.tx.insert(chats).values({
      id: chatId,
      orgId: scope.orgId,
      channelId: channel.id,
      clientId,
      status: 'pending',
      teamId: route.kind === 'team' ? route.id : channel.teamId,
      queuedAt: scope.now,
      lastMessageAt: scope.now,
      createdAt: scope.now,
      updatedAt: scope.now,
    });
  }
  const [message] = await scope.tx
    .insert(messages)
    .values({
      id: messageId,
      orgId: scope.orgId,
      chatId,
      authorKind: 'client',
      text,
      internal: false,
      status: 'delivered',
      attachments,
      createdAt: scope.now,
    })
    .returning();
  if (!message) fail('UNKNOWN_ERROR');
  const [chat] = await scope.tx
    .update(chats)
    .set({
      lastMessageAt: scope.now,
      lastClientMessageAt: scope.now,
      lastMessagePreview: messagePreview(messageRow(message)),
      // A bot answers a chat it holds: nobody waits for a person until it hands the chat over.
      unansweredSince: open?.botId
        ? null
        : sql`coalesce(${chats.unansweredSince}, ${scope.now.toISOString()}::timestamptz)`,
      updatedAt: scope.now,
    })
    .where(eq(chats.id, chatId))
    .returning();
  if (!chat) fail('UNKNOWN_ERROR');
  const { chatPut, messagePut } = customerMessagePuts(chat, message, clientId);
  const added = { chatId, messageId: message.id, internal: false, fromClient: true };
  if (created) {
    const history = await addHistory(scope, chat, 'created', {
      channelId: channel.id,
      teamId: chat.teamId,
      ruleId: route?.ruleId ?? null,
    });
    scope.emit('chat.created', { chatId, channelId: channel.id, clientId, teamId: chat.teamId }, [
      ...changes,
      chatPut,
      history,
    ]);
    scope.emit('message.added', added, [messagePut]);
    // Nobody greets, takes or is offered a spam client's chat (issue 18 item 4).
    if (spam) return;
    await sendAutoReply(scope, chat, 'greeting');
    // A bot named by a rule takes it when published; a person named by a rule takes it if they
    // can; otherwise it waits in the team's queue.
    if (route?.kind === 'bot' && (await startBot(scope, chat, route.id, 'routing'))) return;
    if (route?.kind !== 'operator' || !(await giveToRoutedOperator(scope, chat, route.id))) {
      scope.serveTeams([chat.teamId]);
    }
  } else {
    scope.emit('message.added', added, [...changes, chatPut, messagePut]);
    if (chat.botId) await answerBot(scope, chat, text);
  }
}

/**
 * A customer's message as everyone who sees its chat receives it: the chat's row and the message,
 * to the chat's groups and the customer's own.
 */
export function customerMessagePuts(
  chat: typeof chats.$inferSelect,
  message: typeof messages.$inferSelect,
  clientId: string,
): { chatPut: StoredChange; messagePut: StoredChange } {
  const groups = [...chatGroups(chat), customerGroup(clientId)];
  return {
    chatPut: { table: 'chats', op: 'put', key: chat.id, row: chatRow(chat), groups },
    messagePut: { table: 'messages', op: 'put', key: message.id, row: messageRow(message), groups },
  };
}
