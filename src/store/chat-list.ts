import type { Chat } from '../protocol';

/** The chat lists of the main menu (spec §2), by their `filter` query value. */
export const CHAT_FILTERS = ['assigned', 'open', 'closed', 'expired', 'created'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export type ChatViewer = { id: string; teamIds: readonly string[] };

/** Whether a chat belongs in a list for this viewer. */
export function inChatList(chat: Chat, filter: ChatFilter, viewer: ChatViewer): boolean {
  switch (filter) {
    case 'assigned':
      return chat.status === 'assigned' && chat.operatorId === viewer.id;
    case 'open':
      return (
        chat.status === 'pending' && (chat.teamId === null || viewer.teamIds.includes(chat.teamId))
      );
    case 'closed':
      return chat.status === 'closed';
    case 'expired':
      return chat.status !== 'closed' && chat.expiry === 'expired';
    case 'created':
      return chat.createdBy === viewer.id;
  }
}

const URGENCY = { expired: 0, half_expired: 1, none: 2 } as const;

/** Most urgent first (expired red, then half-expired yellow), then the latest message first. */
export function compareChats(a: Chat, b: Chat): number {
  const open = (chat: Chat) => (chat.status === 'closed' ? URGENCY.none : URGENCY[chat.expiry]);
  const byUrgency = open(a) - open(b);
  if (byUrgency !== 0) return byUrgency;
  return a.lastMessageAt < b.lastMessageAt
    ? 1
    : a.lastMessageAt > b.lastMessageAt
      ? -1
      : a.id.localeCompare(b.id);
}

/**
 * One list's chats, from every local chat in list order (chat-order.ts): most urgent first. The
 * chats of customers flagged as spam (`spam`, spam-clients.ts: normally empty) are in no list.
 */
export function chatList(
  ordered: readonly Chat[],
  filter: ChatFilter,
  viewer: ChatViewer,
  spam: ReadonlySet<string> = new Set(),
): Chat[] {
  if (spam.size === 0) return ordered.filter((chat) => inChatList(chat, filter, viewer));
  return ordered.filter((chat) => inChatList(chat, filter, viewer) && !spam.has(chat.clientId));
}
