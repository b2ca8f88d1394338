import { useEffect, useSyncExternalStore } from 'react';
import type { ChatHistoryEntry } from '../../protocol';
import type { LocalMessage } from '../../store';
import { afterNextPaint } from '../../store/after-paint';
import { markChatRead, useStore } from '../../store/hooks';
import { useShownThread, type StoredThread } from '../../store/thread-window';
import type { FollowRequests } from './follow-requests';
import { MessageThread } from './MessageThread';
import type { Directory } from './queries';

/**
 * The open chat's messages as shown: the stored window with what was just sent from this tab and
 * what the sync worker has just written. A component of its own, so that an arrival or a reply
 * redraws the thread and nothing else of the chat screen in the task it comes in (DESIGN §6: a
 * live event painted within 30 ms of reaching the worker, a reply within a frame).
 */
export function ThreadPane({
  thread,
  lastClientMessageAt,
  onShowEarlier,
  history,
  directory,
  clientName,
  follow,
}: {
  thread: StoredThread;
  lastClientMessageAt: string | null;
  onShowEarlier: () => void;
  history: readonly ChatHistoryEntry[];
  directory: Directory;
  clientName: string;
  /** The composer's requests to show the newest message (the user sent one). */
  follow: FollowRequests;
}) {
  const shown = useShownThread(thread);
  const followRequest = useSyncExternalStore(follow.subscribe, follow.current);
  useMarkRead(thread.chatId, shown.messages, lastClientMessageAt);
  return (
    <MessageThread
      messages={shown.messages}
      hasEarlier={shown.hasEarlier}
      onShowEarlier={onShowEarlier}
      history={history}
      directory={directory}
      clientName={clientName}
      followRequest={followRequest}
    />
  );
}

/**
 * While the chat is on screen (and the tab visible), its customer messages count as read: up to
 * the newest shown, or the chat's own stamp of the customer's last message, which a window of the
 * operator's many replies may leave out.
 */
function useMarkRead(
  chatId: string,
  messages: readonly LocalMessage[],
  lastClientMessageAt: string | null,
): void {
  const db = useStore();
  const latest = messages.reduce<string | null>(
    (newest, message) =>
      message.authorKind === 'client' && (newest === null || message.createdAt > newest)
        ? message.createdAt
        : newest,
    lastClientMessageAt,
  );
  useEffect(() => {
    if (!latest) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void markChatRead(db, chatId, latest);
    };
    // After the frame that shows the message: the mark's write and the unread counts it changes
    // in the lists are nothing the reader waits to see.
    let left = false;
    afterNextPaint(() => {
      if (!left) mark();
    });
    document.addEventListener('visibilitychange', mark);
    return () => {
      left = true;
      document.removeEventListener('visibilitychange', mark);
    };
  }, [db, chatId, latest]);
}
