import type { Chat } from '../protocol';
import { CHAT_FILTERS, type ChatFilter } from './chat-list';
import type { ListedChats } from './chat-list-head';
import { SCHEMA_HASH } from './store-schema';
import { readStored, tryRemove, tryStore } from './page-storage';

/**
 * A copy of each chat list as a page showed it last, kept in localStorage so the next start of the
 * workspace draws it in its first render, before IndexedDB is even open (DESIGN §6 warm start).
 *
 * It is stamped with the store's write version it shows (`WRITTEN_VERSION_KEY`: one more for each
 * of the sync worker's transactions), and the pages note the newest version they hear in
 * localStorage too. A start shows the copy only when its stamp is that newest version, so no write
 * a page has heard since is missing from it; once the store is open, the stamp is checked against
 * the store itself (first-list-head.ts), and the list's live query replaces it the moment it
 * answers. Only the first rows are kept: a screenful and the overscan.
 */
export type ListCopy = {
  /** The store schema it was taken under: another version of the app ignores it. */
  schema: string;
  version: number;
  filter: ChatFilter;
  viewerId: string;
  chats: Chat[];
  clientNames: [string, string][];
};

/** Rows a copy keeps: as many as a list draws before its chat index has loaded. */
export const LIST_COPY_ROWS = 50;

const copyKey = (dbName: string, filter: ChatFilter): string => `${dbName}:list-copy:${filter}`;
const heardKey = (dbName: string): string => `${dbName}:written-heard`;

/** A copy just kept; `drawn` when the page's list shows exactly its rows as it is hidden. */
export type KeptListCopy = {
  dbName: string;
  filter: ChatFilter;
  viewerId: string;
  version: number;
  drawn: boolean;
};

const keptListeners = new Set<(kept: KeptListCopy) => void>();

/**
 * Hears each copy as it is kept: the app keeps the screen that shows it beside it
 * (app/shell/screen-copy.ts), under the same stamp.
 */
export function onListCopyKept(listener: (kept: KeptListCopy) => void): () => void {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
}

/** Keeps the list as shown, stamped with the write version it holds. */
export function keepListCopy(
  dbName: string,
  copy: {
    version: number;
    filter: ChatFilter;
    viewerId: string;
    listed: ListedChats;
    drawn?: boolean;
  },
): void {
  const chats = copy.listed.chats.slice(0, LIST_COPY_ROWS);
  const clientNames: [string, string][] = [];
  for (const chat of chats) {
    const name = copy.listed.clientNames.get(chat.clientId);
    if (name !== undefined) clientNames.push([chat.clientId, name]);
  }
  const kept: ListCopy = {
    schema: SCHEMA_HASH,
    version: copy.version,
    filter: copy.filter,
    viewerId: copy.viewerId,
    chats,
    clientNames,
  };
  tryStore(copyKey(dbName, copy.filter), JSON.stringify(kept));
  noteHeardVersion(dbName, copy.version);
  const told: KeptListCopy = {
    dbName,
    filter: copy.filter,
    viewerId: copy.viewerId,
    version: copy.version,
    drawn: copy.drawn ?? false,
  };
  for (const listener of keptListeners) listener(told);
}

/** A page heard the sync worker's transaction of this version (written-rows.ts). */
export function noteHeardVersion(dbName: string, version: number): void {
  // The newest of all the pages': another tab may have heard a later one than this page's copy.
  const heard = Number(readStored(heardKey(dbName)) ?? 0);
  if (!(version <= heard)) tryStore(heardKey(dbName), String(version));
}

/**
 * The kept copy of this list for this viewer, if it is still the newest the pages know of: taken
 * under this schema and at the newest version a page heard. Anything else (another list, another
 * version, a value that does not parse) is no copy.
 */
export function readListCopy(
  dbName: string,
  filter: ChatFilter,
  viewerId: string,
): { version: number; listed: ListedChats } | undefined {
  let copy: unknown;
  try {
    copy = JSON.parse(readStored(copyKey(dbName, filter)) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isListCopy(copy)) return undefined;
  if (copy.schema !== SCHEMA_HASH || copy.filter !== filter || copy.viewerId !== viewerId)
    return undefined;
  if (readStored(heardKey(dbName)) !== String(copy.version)) return undefined;
  return {
    version: copy.version,
    listed: { chats: copy.chats, clientNames: new Map(copy.clientNames) },
  };
}

/** Removes the copy: the store it was taken from is deleted (sign-out, rebuild). */
export function forgetListCopy(dbName: string): void {
  for (const filter of CHAT_FILTERS) tryRemove(copyKey(dbName, filter));
  tryRemove(heardKey(dbName));
}

/**
 * The copy's outline. Its rows are this app's own, written under the same schema hash (checked
 * above), so only the shape that reading them relies on is checked here.
 */
function isListCopy(value: unknown): value is ListCopy {
  if (typeof value !== 'object' || value === null) return false;
  const copy = value as Partial<Record<keyof ListCopy, unknown>>;
  return (
    typeof copy.schema === 'string' &&
    typeof copy.version === 'number' &&
    typeof copy.filter === 'string' &&
    typeof copy.viewerId === 'string' &&
    Array.isArray(copy.chats) &&
    copy.chats.every(
      (chat: unknown) =>
        typeof chat === 'object' &&
        chat !== null &&
        typeof (chat as { id?: unknown }).id === 'string' &&
        typeof (chat as { clientId?: unknown }).clientId === 'string',
    ) &&
    Array.isArray(copy.clientNames) &&
    copy.clientNames.every(
      (pair: unknown) =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        typeof pair[0] === 'string' &&
        typeof pair[1] === 'string',
    )
  );
}
