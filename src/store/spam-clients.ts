import type { Chat, Client } from '../protocol';
import { changedRows } from './table-index';

/** No spam client: what the lists filter by until the customers' index has loaded. */
export const NO_SPAM: ReadonlySet<string> = new Set();

type Derived = { rows: ReadonlyMap<string, Client>; ids: ReadonlySet<string> };

/** The last set derived, so the next one starts from it. */
let latest: Derived | undefined;

/**
 * The ids of the customers flagged as spam in a snapshot of the customers' index (client-index.ts):
 * normally none or a handful, so every list filters by one set lookup per chat instead of reading
 * each chat's customer. Derived once per snapshot from the one before (only the changed rows are
 * looked at), and the same set object comes back while its members stay the same, so the lists
 * that depend on it are not filtered again when an unrelated customer changes.
 */
export function spamClientIds(rows: ReadonlyMap<string, Client>): ReadonlySet<string> {
  if (latest?.rows === rows) return latest.ids;
  const ids = latest ? updated(latest, rows) : whole(rows);
  latest = { rows, ids };
  return ids;
}

function whole(rows: ReadonlyMap<string, Client>): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const client of rows.values()) if (client.spam) ids.add(client.id);
  return ids.size === 0 ? NO_SPAM : ids;
}

/** The set of `rows`, from the set of an earlier snapshot. */
export function updated(previous: Derived, rows: ReadonlyMap<string, Client>): ReadonlySet<string> {
  const ids = new Set<string>();
  // Flagged before and still flagged (a removed or lifted customer drops out)…
  for (const id of previous.ids) if (rows.get(id)?.spam) ids.add(id);
  // …and the customers changed since, flagged now.
  for (const client of changedRows(previous.rows, rows)) if (client.spam) ids.add(client.id);
  if (ids.size === previous.ids.size && [...ids].every((id) => previous.ids.has(id)))
    return previous.ids;
  return ids.size === 0 ? NO_SPAM : ids;
}

/** The chats that show in lists and alerts; the same array when no customer is spam. */
export function withoutSpam<T extends Pick<Chat, 'clientId'>>(
  chats: readonly T[],
  spam: ReadonlySet<string>,
): readonly T[] {
  return spam.size === 0 ? chats : chats.filter((chat) => !spam.has(chat.clientId));
}
