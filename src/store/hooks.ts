import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InboxDb } from './db';
import { chatList, type ChatFilter, type ChatViewer } from './chat-list';
import { chatIndexOf, type ChatIndexSnapshot } from './chat-index';
import { orderedChats } from './chat-order';
import { chatListHead, type ListedChats, type ReadListHead } from './chat-list-head';
import { clientIndexOf } from './client-index';
import { spamClientIds } from './spam-clients';
import { firstScreenOf } from './first-screen';
import { afterNextPaint } from './after-paint';
import { firstListHeadOf } from './first-list-head';
import { keepListCopy, LIST_COPY_ROWS, noteHeardVersion } from './list-copy';
import { readMarksOf } from './read-marks';
import { countUnread, countedUnread } from './unread-counts';
import type { LocalMessage, OutboxRow, OutboxState } from './tables';
import {
  discardRejected,
  prepareCommand,
  writeCommand,
  type NewCommand,
  type NewFile,
} from './outbox';
import { claimedCommands } from './claimed-commands';
import { commandOutcome, type CommandLookup, type CommandOutcome } from './command-outcome';
import { predictRow } from './predict';
import { sentEchoesOf } from './sent-echoes';
import { writtenRowsOf } from './written-rows';

/** The signed-in user's local database, provided once by the app shell. */
export const StoreContext = createContext<InboxDb | null>(null);

export function useStore(): InboxDb {
  const db = useContext(StoreContext);
  if (!db) throw new Error('useStore outside a StoreContext provider');
  return db;
}

/**
 * Where screens send commands: who acts (for predictions) and what to do once a command is in
 * the outbox (wake the sync worker; ask for Background Sync in case the tab closes first).
 */
export type CommandSink = { userId: string; afterEnqueue: () => void };
export const CommandSinkContext = createContext<CommandSink | null>(null);

/** Records a command with its predicted effect at once, then lets the outbox carry it. */
export function useEnqueue(): (
  command: NewCommand,
  files?: readonly NewFile[],
) => Promise<OutboxRow> {
  const db = useStore();
  const sink = useContext(CommandSinkContext);
  if (!sink) throw new Error('useEnqueue outside a CommandSinkContext provider');
  return useCallback(
    async (command, files = []) => {
      const ctx = { userId: sink.userId };
      const prepared = prepareCommand(command, new Date(), files);
      // A new message shows in this very frame; the write below makes it durable.
      const echo = predictRow(prepared.row, 'messages', undefined, ctx) as LocalMessage | undefined;
      const echoes = sentEchoesOf(db);
      if (echo) echoes.add(echo);
      try {
        await writeCommand(db, prepared, ctx);
      } catch (error) {
        if (echo) echoes.drop(echo.chatId, echo.id);
        throw error;
      }
      sink.afterEnqueue();
      return prepared.row;
    },
    [db, sink],
  );
}

/**
 * The viewer's teams from their own row in the local `users` table, so the Pending list follows
 * a change of team as soon as it syncs. An empty list until the row has arrived.
 */
export function useViewerTeamIds(userId: string): readonly string[] | undefined {
  const db = useStore();
  return useLiveQuery(async () => (await db.users.get(userId))?.teamIds ?? [], [db, userId]);
}

/** Rows a list shows before the chat index has loaded: as many as the kept copy holds. */
export const LIST_HEAD_ROWS = LIST_COPY_ROWS;

/** The page's first list as the last page left it (first-list-head.ts), until its live query answers. */
function useFirstListHead(
  db: InboxDb,
  filter: ChatFilter,
  viewerId: string,
): { rows: ListedChats | undefined; retire: () => void } {
  const first = firstListHeadOf(db, filter, viewerId);
  const rows = useSyncExternalStore(first.subscribe, () => first.rowsFor(filter, viewerId));
  return {
    rows,
    retire: useCallback(() => {
      first.retire();
    }, [first]),
  };
}

/**
 * What a chat list's last commit drew: the index snapshots it filtered, or the head rows it showed
 * while they load. Compared by identity with what the copy keeps, to tell whether the screen shows
 * exactly that copy.
 */
type DrawnList =
  | {
      kind: 'indexes';
      filter: ChatFilter;
      chats: ChatIndexSnapshot;
      clients: ReturnType<ReturnType<typeof clientIndexOf>['current']>;
    }
  | { kind: 'head'; filter: ChatFilter; rows: ListedChats | undefined };

/**
 * Keeps a copy of this list for the next start (list-copy.ts) when the page is hidden or left,
 * taken from the chat index as it stands then, and notes each of the sync worker's transactions
 * this page hears, so a copy older than any of them is not drawn.
 */
function useKeptListCopy(
  db: InboxDb,
  filter: ChatFilter,
  viewer: ChatViewer | undefined,
  liveHead: ReadListHead | undefined,
  drawn: { readonly current: DrawnList | undefined },
): void {
  const latest = useRef({ filter, viewer, liveHead });
  latest.current = { filter, viewer, liveHead };
  useEffect(() => {
    const feed = writtenRowsOf(db);
    const stopHearing = feed.subscribe((written) => {
      noteHeardVersion(db.name, written.version);
    });
    const keep = () => {
      const { filter, viewer, liveHead } = latest.current;
      // A closed store is one being signed out of and deleted, its copies already forgotten
      // (session-runtime.ts): a page hidden before the list unmounts must not write them back.
      if (!viewer || !db.isOpen()) return;
      const chats = chatIndexOf(db);
      const clients = clientIndexOf(db);
      const chatsAt = chats.shownVersion();
      const clientsAt = clients.shownVersion();
      // Only rows that hold every change heard: a copy never claims a version it lacks.
      if (chatsAt === undefined || clientsAt === undefined) {
        // The indexes are still reading their tables: the list's head as its live query read it.
        if (
          liveHead?.filter === filter &&
          liveHead.version > 0 &&
          liveHead.version >= feed.lastHeard()
        )
          keepListCopy(db.name, {
            version: liveHead.version,
            filter,
            viewerId: viewer.id,
            listed: liveHead,
            drawn:
              drawn.current?.kind === 'head' &&
              drawn.current.filter === filter &&
              drawn.current.rows === liveHead,
          });
        return;
      }
      const version = Math.max(chatsAt, clientsAt, feed.lastHeard());
      if (version === 0) return;
      const clientRows = clients.current().rows;
      const rows = chatList(
        orderedChats(chats.current().rows),
        filter,
        viewer,
        spamClientIds(clientRows),
      ).slice(0, LIST_COPY_ROWS);
      const clientNames = new Map<string, string>();
      for (const chat of rows) {
        const name = clientRows.get(chat.clientId)?.name;
        if (name !== undefined) clientNames.set(chat.clientId, name);
      }
      // The page's last drawing shows these rows only if it drew these very snapshots: a list that
      // follows the indexes a render behind (a deferred value) has not drawn the newest yet.
      const last = drawn.current;
      keepListCopy(db.name, {
        version,
        filter,
        viewerId: viewer.id,
        listed: { chats: rows, clientNames },
        drawn:
          last?.kind === 'indexes' &&
          last.filter === filter &&
          last.chats === chats.current() &&
          last.clients === clients.current(),
      });
    };
    // Hidden is the last moment a page is sure to have, leaving included (a reload, a closed tab,
    // a switch of app): browsers fire it after `pagehide`, so one listener keeps the copy once.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      stopHearing();
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [db]);
}

/**
 * A chat list of the main menu for this viewer, ordered most urgent first, with its customers'
 * names; undefined while loading. Filtered in memory from the chat index, so a switch of list
 * reads nothing from IndexedDB. Until the indexes of chats and customers have read their whole
 * tables, the list's first rows come from the store's indexes (chat-list-head.ts), so a warm
 * start shows them without waiting for 10,000 chats.
 */
export function useChatList(filter: ChatFilter, viewerId: string): ListedChats | undefined {
  const db = useStore();
  // Said at render, the earliest moment: the whole tables' reads and the sync worker wait for
  // this list's rows instead of the short cap (first-screen.ts). Saying it again changes nothing.
  firstScreenOf(db).expect();
  const chatIndex = chatIndexOf(db);
  // The list follows the chats at a lower priority than the rest of the screen: a reply that is
  // sent, or a message that arrives, shows in the thread in its own frame, and the list's re-sort
  // and redraw come after it (React renders a deferred value once the urgent work is painted). A
  // new filter is urgent, and filters the chats the list already holds at once.
  const chats = useDeferredValue(useSyncExternalStore(chatIndex.subscribe, chatIndex.current));
  const clientIndex = clientIndexOf(db);
  const clients = useSyncExternalStore(clientIndex.subscribe, clientIndex.current);
  const teamIds = useViewerTeamIds(viewerId);
  const whole = chats.loaded && clients.loaded && teamIds !== undefined;
  const liveHead = useLiveQuery(
    () => (whole ? undefined : chatListHead(db, filter, viewerId, LIST_HEAD_ROWS)),
    [db, whole, filter, viewerId],
  );
  const first = useFirstListHead(db, filter, viewerId);
  // What the list's last commit drew, for the copy kept as the page is hidden.
  const drawn = useRef<DrawnList | undefined>(undefined);
  useKeptListCopy(
    db,
    filter,
    teamIds === undefined ? undefined : { id: viewerId, teamIds },
    liveHead,
    drawn,
  );
  const { retire } = first;
  const head = liveHead ?? first.rows;
  useLayoutEffect(() => {
    drawn.current = whole
      ? { kind: 'indexes', filter, chats, clients }
      : { kind: 'head', filter, rows: head };
  });
  useEffect(() => {
    if (liveHead !== undefined || whole) retire();
  }, [liveHead, whole, retire]);
  useEffect(() => {
    // Drawn: once its frame is painted, the whole tables may be read and the sync worker's script
    // fetched (first-screen.ts). A passive effect can run before the browser paints the commit,
    // so "shown" waits for the paint: neither may push back the frame the user is waiting for.
    if (head === undefined) return;
    afterNextPaint(() => {
      firstScreenOf(db).shown();
    });
  }, [db, head]);
  const clientNames = useMemo(
    () => new Map([...clients.rows.values()].map((client) => [client.id, client.name])),
    [clients],
  );
  // The same set while nobody's flag changes, so a customer's edit does not filter the list again.
  const spam = spamClientIds(clients.rows);
  const listed = useMemo(
    () =>
      whole
        ? chatList(orderedChats(chats.rows), filter, { id: viewerId, teamIds }, spam)
        : undefined,
    [whole, chats, filter, viewerId, teamIds, spam],
  );
  return useMemo(
    () => (listed ? { chats: listed, clientNames } : head),
    [listed, clientNames, head],
  );
}

/** Every message of a chat that carries files, oldest first (the files panel). */
export function useMessagesWithFiles(chatId: string): LocalMessage[] | undefined {
  const db = useStore();
  return useLiveQuery(
    () =>
      db.messages
        .where('[chatId+createdAt]')
        .between([chatId, ''], [chatId, '\uffff'])
        .filter((message) => message.attachments.length > 0)
        .toArray(),
    [db, chatId],
  );
}

/**
 * Commands the server refused, kept so the user can retry or discard them; those an open form
 * shows beside its own fields are left out (claimed-commands.ts).
 */
export function useRejectedCommands(): OutboxRow[] | undefined {
  const db = useStore();
  const rejected = useLiveQuery(() => db.outbox.where('state').equals('rejected').toArray(), [db]);
  const claimed = useSyncExternalStore(claimedCommands.subscribe, claimedCommands.current);
  return useMemo(() => rejected?.filter((row) => !claimed.has(row.id)), [rejected, claimed]);
}

export type { CommandOutcome } from './command-outcome';

export type CommandSubmit = {
  outcome: CommandOutcome;
  /**
   * Records the command (its prediction shows at once); a refusal it replaces is dropped. Ignored
   * while the previous submit is still being written.
   */
  submit: (command: NewCommand, files?: readonly NewFile[]) => Promise<void>;
  /** The user gave up the form: a refused command it holds is dropped, not left in the notice. */
  abandon: () => Promise<void>;
};

/**
 * A form's command through the outbox, like every command (DESIGN §5): it survives a dropped
 * connection or a reload, and the form follows its outcome live. While the form is open it answers
 * for a refusal itself; `onSaved` runs once when the server accepts the command.
 */
export function useCommandSubmit(onSaved?: (id: string) => void): CommandSubmit {
  const db = useStore();
  const enqueue = useEnqueue();
  const [current, setCurrent] = useState<string | null>(null);
  // The state the command's row was in when last found: once the row is gone, it tells a save
  // (gone after waiting) from a refusal discarded or retried elsewhere (gone after `rejected`).
  const lastSeen = useRef<{ id: string; state: OutboxState } | null>(null);
  // The id comes back with the row: until the query of a new command answers, the hook still holds
  // the previous command's result, which must not be taken for the new one's.
  const found = useLiveQuery(async (): Promise<CommandLookup | null> => {
    if (!current) return null;
    const row = await db.outbox.where('id').equals(current).first();
    if (row) lastSeen.current = { id: current, state: row.state };
    const lastState = lastSeen.current?.id === current ? lastSeen.current.state : undefined;
    return { id: current, row, lastState };
  }, [db, current]);
  const outcome = useMemo(() => commandOutcome(current, found), [current, found]);

  const saved = useRef<string | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    if (outcome.state !== 'saved' || saved.current === outcome.id) return;
    saved.current = outcome.id;
    onSavedRef.current?.(outcome.id);
  }, [outcome]);

  // Every id this form claimed, all released when it goes: one claimed but never rendered as
  // `current` (the form closed while React had not yet caught up) would hide a refusal for good.
  const claims = useRef(new Set<string>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    const held = claims.current;
    return () => {
      mounted.current = false;
      for (const id of held) claimedCommands.release(id);
      held.clear();
    };
  }, []);
  useEffect(() => {
    if (!current) return;
    claims.current.add(current);
    claimedCommands.claim(current);
    return () => {
      claims.current.delete(current);
      claimedCommands.release(current);
    };
  }, [current]);

  // Set before the first await, cleared once the write is done: a double click would enqueue twice.
  const submitting = useRef(false);
  const submit = useCallback(
    async (command: NewCommand, files: readonly NewFile[] = []) => {
      if (submitting.current) return;
      submitting.current = true;
      try {
        if (outcome.state === 'rejected') await discardRejected(db, outcome.id);
        const row = await enqueue(command, files);
        // Closed meanwhile: the command stays in the outbox, and a refusal goes to the shell's notice.
        if (!mounted.current) return;
        // Claimed before React renders the refusal, so the shell's notice never flashes it.
        claims.current.add(row.id);
        claimedCommands.claim(row.id);
        setCurrent(row.id);
      } finally {
        submitting.current = false;
      }
    },
    [db, enqueue, outcome],
  );
  const abandon = useCallback(async () => {
    if (outcome.state === 'rejected') await discardRejected(db, outcome.id);
    setCurrent(null);
  }, [db, outcome]);
  return { outcome, submit, abandon };
}

/**
 * Customer messages newer than the user's last look at the chat; undefined while unknown. A chat
 * whose customer last wrote (`lastClientMessageAt`, from its row) before that look has none, known
 * from memory; only a chat with something new is counted, in the index alone, and again only when
 * its customer writes or the user reads it. A live query per row re-ran every row's count at any
 * message written anywhere.
 */
export function useUnreadCount(
  chatId: string,
  lastClientMessageAt: string | null,
): number | undefined {
  const db = useStore();
  const marks = readMarksOf(db);
  const snapshot = useSyncExternalStore(marks.subscribe, marks.current);
  const readAt = snapshot.rows.get(chatId)?.readAt ?? '';
  const none = lastClientMessageAt === null || lastClientMessageAt <= readAt;
  const cached = none ? undefined : countedUnread(db, chatId, readAt, lastClientMessageAt);
  const [counted, setCounted] = useState<{ chatId: string; count: number }>();
  useEffect(() => {
    if (!snapshot.loaded || none || cached !== undefined) return;
    let wanted = true;
    countUnread(db, chatId, readAt, lastClientMessageAt).then(
      (count) => {
        if (wanted) setCounted({ chatId, count });
      },
      (error: unknown) => {
        if (!(error instanceof Dexie.DatabaseClosedError)) console.warn('unread count', error);
      },
    );
    return () => {
      wanted = false;
    };
  }, [db, chatId, readAt, lastClientMessageAt, none, snapshot.loaded, cached]);
  if (!snapshot.loaded) return undefined;
  if (none) return 0;
  if (cached !== undefined) return cached;
  // While a new message is counted, the count before it stays rather than blinking away.
  return counted?.chatId === chatId ? counted.count : undefined;
}

/** Records that the user has seen the chat up to its newest customer message. */
export async function markChatRead(db: InboxDb, chatId: string, readAt: string): Promise<void> {
  await db.transaction('rw', db.reads, async () => {
    const current = await db.reads.get(chatId);
    if (!current || current.readAt < readAt) await db.reads.put({ chatId, readAt });
  });
}
