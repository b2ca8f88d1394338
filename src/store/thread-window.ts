import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { ArrivedMessages } from './arrived-messages';
import { useStore } from './hooks';
import { keepUnchanged } from './keep-unchanged';
import { sentEchoesOf, withEchoes } from './sent-echoes';
import type { LocalMessage } from './tables';
import { writtenRowsOf } from './written-rows';

/** Messages a thread window may grow by from new ones before its oldest leave it. */
const THREAD_SLACK = 50;

/** The newest messages of a chat, oldest first, and whether older ones are stored too. */
export type ThreadWindow = { messages: readonly LocalMessage[]; hasEarlier: boolean };

/** A window as the thread's query read it, with the arrivals' mark taken as the read began. */
type StoredWindow = ThreadWindow & { readMark: number };

/**
 * A chat's thread as the store holds it, and the messages the sync worker has just written to it
 * (arrived-messages.ts), which `useShownThread` adds. Two hooks, so that an arrival or a sent
 * reply redraws the thread alone: the screen around it (top bar, composer, side panels) holds the
 * stored window, which changes only when the thread's read comes back.
 */
export type StoredThread = {
  chatId: string;
  stored: StoredWindow;
  arrivals: ArrivedMessages;
};

/**
 * A chat's newest `limit` messages, oldest first, as stored. Only the window is read: a long
 * thread would otherwise be read whole and drawn whole at every message that arrives or is sent,
 * and the reader asks for more by scrolling up.
 */
export function useStoredThread(chatId: string, limit: number): StoredThread | undefined {
  const db = useStore();
  // The last window of this chat and size: its rows keep their objects (and their drawing) when
  // unchanged, and its oldest message bounds the next read.
  const last = useRef<{ chatId: string; limit: number; window: ThreadWindow } | undefined>(
    undefined,
  );
  const arrivals = useMemo(() => new ArrivedMessages(chatId), [chatId]);
  useEffect(() => writtenRowsOf(db).subscribe(arrivals.take), [db, arrivals]);
  const stored = useLiveQuery(async (): Promise<StoredWindow> => {
    const readMark = arrivals.mark();
    const previous =
      last.current?.chatId === chatId && last.current.limit === limit
        ? last.current.window
        : undefined;
    const from = windowStart(previous);
    let window: ThreadWindow;
    if (from === undefined) {
      // The newest `limit`, found walking back from the end (a cursor: IndexedDB reads forward).
      const newestFirst = await db.messages
        .where('[chatId+createdAt]')
        .between([chatId, ''], [chatId, '\uffff'])
        .reverse()
        .limit(limit + 1)
        .toArray();
      window = {
        messages: newestFirst.slice(0, limit).reverse(),
        hasEarlier: newestFirst.length > limit,
      };
    } else {
      // Later reads take everything from the window's first message on in one forward read; what
      // arrives while the chat is open joins the window instead of pushing its oldest out.
      const messages = await db.messages
        .where('[chatId+createdAt]')
        .between([chatId, from], [chatId, '\uffff'], true, true)
        .toArray();
      // Grown well past its size (a long exchange, or a queue typed offline): the oldest leave,
      // so each read and redraw stays the size of the window. A reader up in the thread keeps
      // their place: the browser anchors the scroll to what they see.
      window =
        messages.length > limit + THREAD_SLACK
          ? { messages: messages.slice(-limit), hasEarlier: true }
          : { messages, hasEarlier: previous?.hasEarlier ?? false };
    }
    window = { ...window, messages: keepUnchanged(previous?.messages, window.messages) };
    last.current = { chatId, limit, window };
    return { ...window, readMark };
  }, [db, chatId, limit, arrivals]);
  return useMemo(
    () => (stored ? { chatId, stored, arrivals } : undefined),
    [chatId, stored, arrivals],
  );
}

/**
 * The thread as shown: the stored window with the ones this tab sent a moment ago
 * (sent-echoes.ts) and the ones the sync worker has just written (arrived-messages.ts).
 */
export function useShownThread({ chatId, stored, arrivals }: StoredThread): ThreadWindow {
  const db = useStore();
  const arrived = useSyncExternalStore(arrivals.subscribe, arrivals.current);
  const echoes = sentEchoesOf(db);
  const pending = useSyncExternalStore(echoes.subscribe, () => echoes.of(chatId));
  useEffect(() => {
    echoes.settle(chatId, stored.messages);
    arrivals.settle(stored.messages, stored.readMark);
  }, [echoes, arrivals, chatId, stored]);
  return useMemo(() => {
    // An arrival older than a window that leaves earlier messages out is not shown in it.
    const first = stored.messages[0];
    const fresh =
      stored.hasEarlier && first
        ? arrived.filter((message) => message.createdAt >= first.createdAt)
        : arrived;
    return {
      messages: withEchoes(withEchoes(stored.messages, fresh), pending),
      hasEarlier: stored.hasEarlier,
    };
  }, [stored, arrived, pending]);
}

/**
 * Where the next read of a window may start: the beginning when the window holds the whole chat;
 * its first message when older ones stay out and that message is the server's (a message still
 * being sent takes the server's time when it arrives, which may sort it before its place).
 * Undefined: look for the newest again.
 */
function windowStart(window: ThreadWindow | undefined): string | undefined {
  if (!window) return undefined;
  if (!window.hasEarlier) return '';
  const first = window.messages[0];
  return first && first.status !== 'queued' ? first.createdAt : undefined;
}
