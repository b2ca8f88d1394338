import type { Chat } from '../../protocol';
import type { PushEvent, PushPreferences } from '../../features/profile/push-preferences';

export type NoticeViewer = { id: string; teamIds: readonly string[] };

const inMyQueue = (chat: Chat, viewer: NoticeViewer): boolean =>
  chat.status === 'pending' && chat.teamId !== null && viewer.teamIds.includes(chat.teamId);

const assignedToMe = (chat: Chat, viewer: NoticeViewer): boolean =>
  chat.status === 'assigned' && chat.operatorId === viewer.id;

/**
 * Which notification event (if any) one local change of a chat is for this user, `before` being
 * the chat at the last look (undefined for one not seen before):
 *  - it became mine (a transfer, or the distribution handing it to me): `transferred`;
 *  - it was mine and the customer wrote since: `message`;
 *  - it arrived in one of my team queues: `queued` (later messages in the queue are not news
 *    again: the chat already waits there).
 * Closed chats and colleagues' chats are nobody's news here.
 */
export function chatEventOf(
  before: Chat | undefined,
  after: Chat,
  viewer: NoticeViewer,
): Exclude<PushEvent, 'reminder'> | null {
  if (assignedToMe(after, viewer)) {
    if (!before || !assignedToMe(before, viewer)) return 'transferred';
    const was = before.lastClientMessageAt;
    const now = after.lastClientMessageAt;
    return now !== null && (was === null || now > was) ? 'message' : null;
  }
  if (inMyQueue(after, viewer) && !(before && inMyQueue(before, viewer))) return 'queued';
  return null;
}

/** The customer's last message in a chat of mine has no answer of mine after it: since when. */
export function waitingSince(chat: Chat, viewer: NoticeViewer): string | null {
  if (!assignedToMe(chat, viewer) || chat.lastClientMessageAt === null) return null;
  const answered =
    chat.lastOperatorMessageAt !== null && chat.lastOperatorMessageAt >= chat.lastClientMessageAt;
  return answered ? null : chat.lastClientMessageAt;
}

/**
 * The chats of mine whose customer has waited at least `minutes` for my answer and were not yet
 * reminded of for that message (`reminded`: chat id → the customer message reminded of). One
 * reminder per customer message: a new one starts the wait again.
 */
export function dueReminders(
  chats: Iterable<Chat>,
  viewer: NoticeViewer,
  minutes: number,
  now: Date,
  reminded: ReadonlyMap<string, string>,
): Chat[] {
  const due: Chat[] = [];
  const limit = now.getTime() - minutes * 60_000;
  for (const chat of chats) {
    const since = waitingSince(chat, viewer);
    if (since === null || reminded.get(chat.id) === since) continue;
    if (Date.parse(since) <= limit) due.push(chat);
  }
  return due;
}

export type ChatNotice = { event: PushEvent; chat: Chat };

/**
 * The notices to show after a look at the chats: each changed chat's event, kept only when the
 * user chose that event in their settings. `seen` is every chat as it was at the last look.
 */
export function chatNotices(
  chats: Iterable<Chat>,
  seen: ReadonlyMap<string, Chat>,
  viewer: NoticeViewer,
  preferences: Pick<PushPreferences, 'events'>,
): ChatNotice[] {
  const notices: ChatNotice[] = [];
  for (const chat of chats) {
    const event = chatEventOf(seen.get(chat.id), chat, viewer);
    if (event && preferences.events[event]) notices.push({ event, chat });
  }
  return notices;
}

/** The list a notice's chat opens in: the queue (Pending) or In progress. */
export const chatUrlOf = (notice: ChatNotice): string =>
  `/admin/chats?filter=${notice.event === 'queued' ? 'open' : 'assigned'}&chat=${notice.chat.id}`;
