import type { InboxDb } from './db';
import type { ChatFilter } from './chat-list';
import type { ListedChats } from './chat-list-head';
import { readListCopy } from './list-copy';
import { WRITTEN_VERSION_KEY } from './written-rows';

/**
 * The rows the page's first chat list shows before the store has answered: the copy the last
 * page kept (list-copy.ts), drawn in the very first render while IndexedDB is still opening.
 * They stand in only until the list's own live query answers (`retire`), and are dropped as soon
 * as the open store says it has been written since the copy was taken, so they are never shown
 * after a change the store holds once the store can say so. Only a page's first list: a later one
 * is filtered from the chat index in memory, or read by its own live query.
 */
export class FirstListHead {
  private rows: ListedChats | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly filter: ChatFilter,
    readonly viewerId: string,
    copy: { version: number; listed: ListedChats } | undefined,
    storeVersion: () => Promise<number>,
  ) {
    if (!copy) return;
    this.rows = copy.listed;
    storeVersion().then(
      (version) => {
        if (version !== copy.version) this.retire();
      },
      () => {
        this.retire();
      },
    );
  }

  /** The rows, for this list and viewer only. */
  rowsFor(filter: ChatFilter, viewerId: string): ListedChats | undefined {
    return filter === this.filter && viewerId === this.viewerId ? this.rows : undefined;
  }

  /** The list's live query has answered: from now on it says what the list holds. */
  retire(): void {
    if (this.rows === undefined) return;
    this.rows = undefined;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const heads = new WeakMap<InboxDb, FirstListHead>();

/** The write version the store holds now (0 before the sync worker's first write). */
async function storeVersion(db: InboxDb): Promise<number> {
  const row = await db.meta.get(WRITTEN_VERSION_KEY);
  return row?.key === WRITTEN_VERSION_KEY ? row.value : 0;
}

/**
 * The stand-in rows of this database's page, taken from the kept copy when its first list asks,
 * and for that list only.
 */
export function firstListHeadOf(db: InboxDb, filter: ChatFilter, viewerId: string): FirstListHead {
  let head = heads.get(db);
  if (!head) {
    head = new FirstListHead(filter, viewerId, readListCopy(db.name, filter, viewerId), () =>
      storeVersion(db),
    );
    heads.set(db, head);
  }
  return head;
}
