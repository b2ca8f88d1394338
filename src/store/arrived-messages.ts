import type { LocalMessage } from './tables';
import type { WrittenRows } from './written-rows';

const NONE: readonly LocalMessage[] = Object.freeze([]);

const byTime = (a: LocalMessage, b: LocalMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/**
 * The messages of one open thread that the sync worker has just committed, shown from its post
 * (written-rows.ts) in the task the post arrives in. The thread's live query would show them too,
 * but only after Dexie's change notice has reached the page and a read of its own has come back:
 * about half of the time from a customer's message reaching the worker to it on screen (DESIGN §6
 * gives that 30 ms).
 *
 * Each is held until a read of the thread that began after its post has come back: the post
 * leaves once the worker's transaction has committed, so such a read holds the message (or knows
 * it is gone), and from then on the read is what is shown. Only rows are taken that the stored
 * window would not yet show; a stored row always wins over an arrived one of the same id.
 */
export class ArrivedMessages {
  /** Posts taken so far; a read begun after n of them holds all they wrote. */
  private taken = 0;
  private arrived: { message: LocalMessage; post: number }[] = [];
  private shown: readonly LocalMessage[] = NONE;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly chatId: string) {}

  /** One post of the sync worker: this chat's messages in it. A post too big to carry them is read. */
  take = (written: WrittenRows): void => {
    this.taken += 1;
    const change = written.tables.messages;
    if (!change || change.reread) return;
    const deleted = new Set(change.deletes);
    const puts = (change.puts as LocalMessage[]).filter((row) => row.chatId === this.chatId);
    if (puts.length === 0 && !this.arrived.some(({ message }) => deleted.has(message.id))) return;
    const replaced = new Set(puts.map((row) => row.id));
    this.arrived = [
      ...this.arrived.filter(
        ({ message }) => !deleted.has(message.id) && !replaced.has(message.id),
      ),
      ...puts.map((message) => ({ message, post: this.taken })),
    ];
    this.publish();
  };

  /** Taken right before a read of the thread starts: what `settle` is told with its rows. */
  mark(): number {
    return this.taken;
  }

  /** A read begun at `mark` came back with these rows: what it holds or knew of, it shows. */
  settle(stored: readonly LocalMessage[], mark: number): void {
    if (this.arrived.length === 0) return;
    const ids = new Set(stored.map((message) => message.id));
    const kept = this.arrived.filter(({ message, post }) => post > mark && !ids.has(message.id));
    if (kept.length === this.arrived.length) return;
    this.arrived = kept;
    this.publish();
  }

  /** The arrived messages, oldest first: the same array until they change. */
  current = (): readonly LocalMessage[] => this.shown;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private publish(): void {
    this.shown =
      this.arrived.length === 0 ? NONE : this.arrived.map(({ message }) => message).sort(byTime);
    for (const listener of this.listeners) listener();
  }
}
