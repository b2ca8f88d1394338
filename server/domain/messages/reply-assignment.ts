import type { Right } from '../../../src/protocol';

type ReplyViewer = { id: string; teamIds: readonly string[]; rights: ReadonlySet<Right> };
type ReplyChat = {
  status: 'pending' | 'assigned' | 'closed';
  teamId: string | null;
  operatorId: string | null;
  /** The chat bot holding it: a person answering steps in, as with a queued chat. */
  botId?: string | null;
};

/**
 * What a staff reply to the customer does to the chat's assignment. Answering a queued chat makes
 * it yours (as in every shared inbox) when you may be given chats, and so does answering a chat a
 * bot holds (the bot's conversation ends); a supervisor may chime into a
 * colleague's chat without taking it; anyone else must not answer someone else's customer.
 */
export function replyAssignment(viewer: ReplyViewer, chat: ReplyChat): 'keep' | 'take' | 'refuse' {
  if (chat.operatorId === viewer.id) return 'keep';
  const allChats = viewer.rights.has('AUTHORITY_ALL_CHATS');
  if (chat.status === 'pending' || chat.botId) {
    const inQueue = chat.teamId !== null && viewer.teamIds.includes(chat.teamId);
    if (!allChats && !inQueue) return 'refuse';
    return viewer.rights.has('AUTHORITY_CHAT_DISTRIBUTION') ? 'take' : 'keep';
  }
  return allChats ? 'keep' : 'refuse';
}
