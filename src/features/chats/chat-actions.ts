import type { Chat, Right } from '../../protocol';

/** Who looks at the chat: their id, teams and rights. */
export type ChatViewer = { id: string; teamIds: readonly string[]; rights: ReadonlySet<Right> };

/** The top bar's actions a viewer is offered for a chat. */
export type ChatActions = {
  take: boolean;
  transfer: boolean;
  close: boolean;
  setCategory: boolean;
  /** Whether a reply to the customer is possible; internal notes always are. */
  reply: boolean;
};

/**
 * Offers only what the server would accept, so a button never leads to a sure refusal; the server
 * still decides, and a refusal still surfaces with its reason.
 */
export function chatActions(
  chat: Pick<Chat, 'status' | 'operatorId' | 'teamId' | 'botId'>,
  viewer: ChatViewer,
): ChatActions {
  const allChats = viewer.rights.has('AUTHORITY_ALL_CHATS');
  const handles = chat.operatorId === viewer.id || allChats;
  // A chat a bot holds waits for its team like a queued one: its people may step in.
  const waiting = chat.status === 'pending' || Boolean(chat.botId);
  const inQueue = waiting && chat.teamId !== null && viewer.teamIds.includes(chat.teamId);
  const open = chat.status !== 'closed';
  return {
    take: open && waiting && viewer.rights.has('AUTHORITY_CHAT_DISTRIBUTION'),
    transfer: open && (handles || inQueue),
    close: open && handles,
    setCategory: handles,
    reply: open && (handles || inQueue),
  };
}
