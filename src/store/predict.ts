import { messagePreview, type SyncTable } from '../protocol';
import type { AnyRow, LocalMessage, OutboxRow, SyncRows } from './tables';
import { clientKeys, predictClientRow } from './predict-clients';
import { peopleKeys, predictPeopleRow } from './predict-people';
import { channelKeys, predictChannelRow } from './predict-channels';
import { predictSettingsRow, settingsKeys } from './predict-settings';
import { messengerTemplateKeys, predictMessengerTemplateRow } from './predict-messenger-templates';
import { chatbotKeys, predictChatbotRow } from './predict-chatbots';

/** Who predicts: the signed-in user. Time comes from the command, so a replay is identical. */
export type PredictContext = { userId: string };

export type RowKey = { table: SyncTable; key: string };
export const keyId = (k: RowKey): string => `${k.table}/${k.key}`;

type Pending = Pick<OutboxRow, 'id' | 'type' | 'payload' | 'createdAt'>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every table a command's prediction may touch (affectedKeys never names another). */
export const PREDICTED_TABLES: readonly SyncTable[] = [
  'messages',
  'chats',
  'users',
  'teams',
  'roles',
  'clients',
  'clientContacts',
  'clientComments',
  'companies',
  'clientStatuses',
  'blacklist',
  'channels',
  'routingRules',
  'autoReplies',
  'requestCategories',
  'templateCategories',
  'templates',
  'messengerTemplates',
  'chatbots',
];

/** The rows a command changes locally; each is recomputed from the server's row plus the pending commands. */
export function affectedKeys(command: Pending, ctx: PredictContext): RowKey[] {
  const p = command.payload;
  switch (command.type) {
    case 'message.send':
    case 'message.sendTemplate':
    case 'chat.create':
      return [
        { table: 'messages', key: str(p.messageId) },
        { table: 'chats', key: str(p.chatId) },
      ];
    case 'chat.take':
    case 'chat.transfer':
    case 'chat.close':
    case 'chat.setCategory':
      return [{ table: 'chats', key: str(p.chatId) }];
    case 'operator.setStatus':
      return [{ table: 'users', key: ctx.userId }];
    default: {
      const people = peopleKeys(command);
      if (people.length > 0) return people;
      const settings = settingsKeys(command);
      if (settings.length > 0) return settings;
      const messengerTemplates = messengerTemplateKeys(command);
      if (messengerTemplates.length > 0) return messengerTemplates;
      const bots = chatbotKeys(command);
      if (bots.length > 0) return bots;
      const channel = channelKeys(command);
      return channel.length > 0 ? channel : clientKeys(command);
    }
  }
}

/**
 * A command's predicted effect on one row: pure, from that row alone, so pending commands fold
 * over the server's row in any order of arrival and give the same result. The server decides the
 * truth; these only make the screen answer at once.
 */
export function predictRow(
  command: Pending,
  table: SyncTable,
  row: AnyRow | undefined,
  ctx: PredictContext,
  /** The row's key: a row the command creates is named by it when its payload holds several. */
  key = '',
): AnyRow | undefined {
  const p = command.payload;
  const at = command.createdAt;
  if (command.type === 'chat.create' && table === 'chats') {
    if (row) return row; // the server's copy is already here
    const chat: SyncRows['chats'] = {
      id: str(p.chatId),
      status: 'assigned',
      channelId: str(p.channelId),
      clientId: str(p.clientId),
      teamId: null,
      operatorId: ctx.userId,
      categoryId: null,
      createdBy: ctx.userId,
      expiry: 'none',
      rating: null,
      lastMessageAt: at,
      lastClientMessageAt: null,
      lastOperatorMessageAt: at,
      closedAt: null,
      queuedAt: null,
      assignedAt: at,
      unansweredSince: null,
      firstReplyAt: null,
      firstReplyBy: null,
      reactedAt: at,
      lastHumanOperatorId: ctx.userId,
      lastMessagePreview: messagePreview(predictedMessage(command, ctx)),
      createdAt: at,
      updatedAt: at,
    };
    return chat;
  }
  if (
    command.type === 'message.send' ||
    command.type === 'message.sendTemplate' ||
    command.type === 'chat.create'
  ) {
    if (table === 'messages') {
      if (row) return row; // the server's copy is already here
      return predictedMessage(command, ctx);
    }
    if (table === 'chats' && row) {
      const chat = row as SyncRows['chats'];
      // The row's preview is the message (a note's too), unless the server's row already names a
      // later one: the operator's own reply shows in their list row at once (issue 30).
      const preview = messagePreview(predictedMessage(command, ctx));
      const lastMessagePreview =
        chat.lastMessagePreview && chat.lastMessagePreview.at > at
          ? chat.lastMessagePreview
          : preview;
      if (p.internal === true) return { ...chat, lastMessagePreview };
      // As message-send writes them: the monitoring's chat-level reply facts (issue 21).
      const holder = chat.operatorId === ctx.userId;
      return {
        ...chat,
        lastMessageAt: maxIso(chat.lastMessageAt, at),
        lastOperatorMessageAt: at,
        unansweredSince: null,
        ...(chat.firstReplyAt === null ? { firstReplyAt: at, firstReplyBy: ctx.userId } : {}),
        ...(holder && chat.reactedAt === null ? { reactedAt: at } : {}),
        lastHumanOperatorId: ctx.userId,
        lastMessagePreview,
      };
    }
    return row;
  }
  if (table === 'chats' && row) {
    const chat = row as SyncRows['chats'];
    switch (command.type) {
      case 'chat.take':
        // A queued chat, or one taken over from a chat bot.
        return chat.status === 'pending' || (chat.status === 'assigned' && chat.botId)
          ? {
              ...chat,
              status: 'assigned',
              operatorId: ctx.userId,
              assignedAt: at,
              reactedAt: null,
              botId: null,
            }
          : chat;
      case 'chat.transfer': {
        const to = (p.to ?? {}) as { operatorId?: string; teamId?: string; botId?: string };
        if (chat.status === 'closed') return chat;
        if (to.operatorId)
          return { ...chat, status: 'assigned', operatorId: to.operatorId, botId: null };
        if (to.teamId)
          return { ...chat, status: 'pending', operatorId: null, teamId: to.teamId, botId: null };
        // A bot holds it (the server refuses a bot that is not published, and the row comes back).
        if (to.botId) return { ...chat, status: 'assigned', operatorId: null, botId: to.botId };
        return chat;
      }
      case 'chat.setCategory':
        return { ...chat, categoryId: typeof p.categoryId === 'string' ? p.categoryId : null };
      case 'chat.close': {
        const categoryId = typeof p.categoryId === 'string' ? p.categoryId : chat.categoryId;
        return chat.status === 'closed'
          ? chat
          : { ...chat, status: 'closed', closedAt: at, categoryId };
      }
    }
  }
  if (table === 'users' && row && command.type === 'operator.setStatus') {
    const status = p.status === 'in_work' ? 'in_work' : 'break';
    return { ...(row as SyncRows['users']), operatorStatus: status };
  }
  if (peopleKeys(command).some((k) => k.table === table))
    return predictPeopleRow(command, table, row);
  if (settingsKeys(command).some((k) => k.table === table))
    return predictSettingsRow(command, table, row);
  if (table === 'messengerTemplates' && messengerTemplateKeys(command).length > 0)
    return predictMessengerTemplateRow(command, row);
  if (table === 'chatbots' && chatbotKeys(command).length > 0)
    return predictChatbotRow(command, row);
  if (channelKeys(command).some((k) => k.table === table))
    return predictChannelRow(command, table, key, row);
  if (clientKeys(command).some((k) => k.table === table))
    return predictClientRow(command, table, row, ctx.userId);
  return row;
}

/** The staff message a message.send, message.sendTemplate or chat.create command writes. */
function predictedMessage(command: Pending, ctx: PredictContext): LocalMessage {
  const p = command.payload;
  return {
    id: str(p.messageId),
    chatId: str(p.chatId),
    authorKind: 'operator',
    authorId: ctx.userId,
    text: str(p.text).trim(),
    internal: p.internal === true,
    status: 'queued',
    createdAt: command.createdAt,
    attachments: Array.isArray(p.attachments) ? (p.attachments as LocalMessage['attachments']) : [],
    // Named by the synced template until the server's row brings its name and language.
    ...(command.type === 'message.sendTemplate'
      ? { template: { templateId: str(p.templateId), name: '', language: '' } }
      : {}),
  };
}

const maxIso = (a: string, b: string): string => (a > b ? a : b);
