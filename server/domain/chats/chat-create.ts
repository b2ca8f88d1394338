import { queueDelivery } from '../messages/delivery-job';
import { and, asc, eq, ne } from 'drizzle-orm';
import { messagePreview, type CommandPayload } from '../../../src/protocol';
import { chats, clientContacts, clients, messages } from '../../db/schema';
import { chatGroups, customerGroup, type StoredChange } from '../../sync/groups';
import { chatRow, messageRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { activeChannel } from '../distribution/channel-access';
import { addHistory } from './chat-changes';
import { lockCustomer } from '../core/customer-lock';
import { newMessageId } from '../messages/message-id';
import { requireViewer } from '../core/require-viewer';
import { resolveClientId } from '../clients/client-access';

/**
 * The Create chat screen (spec §2): a staff member writes first to a known client on a channel
 * the client is reachable through. The chat is theirs from the start and lists under "Created".
 */
export async function chatCreate(
  scope: CommandScope,
  payload: CommandPayload<'chat.create'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  if (!viewer.rights.has('AUTHORITY_CHAT_DISTRIBUTION')) fail('ACCESS_DENIED');
  const text = payload.text.trim();
  if (text.length === 0) fail('EMPTY_MESSAGE');
  // A merged profile's id (a screen opened before the merge) writes to the client it became.
  const clientId = await resolveClientId(scope, payload.clientId);
  const [client] = await scope.tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.orgId, scope.orgId)));
  if (!client) fail('CLIENT_NOT_FOUND');
  const channel = await activeChannel(scope, payload.channelId);
  const contacts = await scope.tx
    .select({ externalId: clientContacts.value })
    .from(clientContacts)
    .where(and(eq(clientContacts.channelId, channel.id), eq(clientContacts.clientId, client.id)))
    .orderBy(asc(clientContacts.value));
  if (contacts.length === 0) fail('CLIENT_NOT_IN_CHANNEL');
  // The customer's own messages may be opening a chat right now (message.receive holds the same
  // lock); in a fixed order, as a client may be known by several ids in one channel.
  for (const contact of contacts) await lockCustomer(scope, channel.id, contact.externalId);
  const [open] = await scope.tx
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.clientId, client.id),
        eq(chats.channelId, channel.id),
        ne(chats.status, 'closed'),
      ),
    )
    .for('update');
  const [taken] = await scope.tx
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.id, payload.chatId));
  if (open || taken) fail('CHAT_ALREADY_EXISTS');
  const messageId = await newMessageId(scope, payload.messageId);

  const [chat] = await scope.tx
    .insert(chats)
    .values({
      id: payload.chatId,
      orgId: scope.orgId,
      channelId: channel.id,
      clientId: client.id,
      status: 'assigned',
      teamId: channel.teamId,
      operatorId: viewer.id,
      assignedAt: scope.now,
      // Staff wrote first: the creator has reacted, and is the last human operator. A chat staff
      // started has no first reply (docs/metrics.md), so firstReplyAt stays null.
      reactedAt: scope.now,
      lastHumanOperatorId: viewer.id,
      createdBy: viewer.id,
      lastMessageAt: scope.now,
      lastOperatorMessageAt: scope.now,
      lastMessagePreview: messagePreview({
        id: messageId,
        authorKind: 'operator',
        authorId: viewer.id,
        text,
        internal: false,
        attachments: [],
        createdAt: scope.now.toISOString(),
      }),
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  const [message] = await scope.tx
    .insert(messages)
    .values({
      id: messageId,
      orgId: scope.orgId,
      chatId: payload.chatId,
      authorKind: 'operator',
      authorId: viewer.id,
      text,
      status: 'sent',
      createdAt: scope.now,
    })
    .returning();
  if (!chat || !message) fail('UNKNOWN_ERROR');
  await queueDelivery(scope, message, channel.id);
  const groups = [...chatGroups(chat), customerGroup(client.id)];
  const changes: StoredChange[] = [
    { table: 'chats', op: 'put', key: chat.id, row: chatRow(chat), groups },
    await addHistory(scope, chat, 'created', { channelId: channel.id, byStaff: true }),
    { table: 'messages', op: 'put', key: message.id, row: messageRow(message), groups },
  ];
  scope.emit(
    'chat.created',
    {
      chatId: chat.id,
      channelId: channel.id,
      clientId: client.id,
      teamId: chat.teamId,
      createdBy: viewer.id,
    },
    changes,
  );
}
