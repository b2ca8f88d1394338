import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import type { InboxDb } from './db';
import { readInPages } from './read-in-pages';
import { Subscribers } from './subscribers';
import type { LocalMessage } from './tables';

/** Messages read per request while scanning: a few large reads instead of a cursor step each. */
const SCAN_PAGE = 2000;

/** The message a chat was found by: its latest whose text contains the query. */
export type TextMatch = Pick<
  LocalMessage,
  'id' | 'chatId' | 'authorKind' | 'authorId' | 'text' | 'createdAt'
>;

/**
 * The chats holding a message whose text contains the query, and each one's latest such message
 * (the list row shows why it matched, issue 30); `done` once the scan finished.
 */
export type TextMatches = {
  done: boolean;
  chatIds: ReadonlySet<string>;
  byChat: ReadonlyMap<string, TextMatch>;
};

const NOTHING: TextMatches = { done: false, chatIds: new Set(), byChat: new Map() };

/** Keeps a chat's latest matching message; an unchanged one stays the same object. */
function keepLatest(byChat: Map<string, TextMatch>, message: LocalMessage): void {
  const known = byChat.get(message.chatId);
  if (known && known.createdAt > message.createdAt) return;
  if (known?.id === message.id && known.text === message.text) return;
  byChat.set(message.chatId, {
    id: message.id,
    chatId: message.chatId,
    authorKind: message.authorKind,
    authorId: message.authorId,
    text: message.text,
    createdAt: message.createdAt,
  });
}

/**
 * A search of every local message's text (internal notes left out), found by one scan and then
 * kept current from the messages written since: a new message is checked alone instead of the
 * whole store being read again, which at 200,000 messages took the better part of a second at
 * every message that arrived while a search was open. Lowercase `query`; starts with its first
 * subscriber and stops when its last leaves.
 */
export class MessageTextSearch {
  private snapshot: TextMatches = NOTHING;
  // Stops as soon as nobody watches: each query is a search of its own, made afresh when typed
  // again, and a scan left running would compete with the next query's.
  private readonly subscribers = new Subscribers(
    () => {
      this.start();
    },
    () => {
      this.stop();
    },
    0,
  );
  private running = false;
  private working = false;
  /** Messages written since the last look; `all` before the first scan or after a wide change. */
  private waiting: Set<string> | 'all' = 'all';

  constructor(
    private readonly db: InboxDb,
    private readonly query: string,
  ) {}

  current = (): TextMatches => this.snapshot;

  subscribe = (listener: () => void): (() => void) => this.subscribers.subscribe(listener);

  private start(): void {
    this.running = true;
    this.waiting = 'all';
    Dexie.on('storagemutated', this.onMutated);
    void this.work();
  }

  private stop(): void {
    this.running = false;
    Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.snapshot = NOTHING;
  }

  private readonly onMutated = (parts: ObservabilitySet): void => {
    // Deletions are left alone: a chat id of a message gone matches no chat the lists show.
    const tree = parts[`idb://${this.db.name}/messages/`];
    if (!tree || this.waiting === 'all') return;
    for (const range of RangeSet(tree)) {
      if (typeof range.from === 'string' && range.from === range.to) this.waiting.add(range.from);
      else {
        this.waiting = 'all';
        break;
      }
    }
    void this.work();
  };

  /** A method, not the field, so checks after an await are not narrowed away. */
  private stopped(): boolean {
    return !this.running;
  }

  private matches(message: LocalMessage | undefined): message is LocalMessage {
    return (
      message !== undefined && !message.internal && message.text.toLowerCase().includes(this.query)
    );
  }

  private async work(): Promise<void> {
    if (this.working || !this.running) return;
    this.working = true;
    try {
      while (!this.stopped() && (this.waiting === 'all' || this.waiting.size > 0)) {
        const todo = this.waiting;
        this.waiting = new Set();
        let byChat: Map<string, TextMatch>;
        if (todo === 'all') byChat = await this.scan();
        else {
          byChat = new Map(this.snapshot.byChat);
          for (const message of await this.db.messages.bulkGet([...todo]))
            if (this.matches(message)) keepLatest(byChat, message);
        }
        if (this.stopped()) return;
        this.snapshot = { done: true, chatIds: new Set(byChat.keys()), byChat };
        this.subscribers.notify();
      }
    } catch (error) {
      // The database closed under us (sign-out): nothing left to search.
      if (!(error instanceof Dexie.DatabaseClosedError)) throw error;
    } finally {
      this.working = false;
    }
  }

  private async scan(): Promise<Map<string, TextMatch>> {
    const byChat = new Map<string, TextMatch>();
    await readInPages(
      this.db.messages,
      SCAN_PAGE,
      (message) => message.id,
      (page) => {
        for (const message of page) if (this.matches(message)) keepLatest(byChat, message);
      },
      () => this.stopped(),
    );
    return byChat;
  }
}
