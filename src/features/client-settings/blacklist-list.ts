import type { BlacklistEntry, BlockedMessage, Channel, User } from '../../protocol';

/** An entry as the blacklist page shows it, with the names it needs and its set-aside messages. */
export type BlacklistRow = BlacklistEntry & {
  /** The channel of a channel identity; null for a phone or e-mail, undefined for a deleted channel. */
  channelName: string | null | undefined;
  /** Who added it: a name, null when nobody is recorded, undefined for a user no longer known. */
  addedByName: string | null | undefined;
  /** The messages set aside from it, newest first. */
  messages: BlockedMessage[];
};

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The page: its entries, and messages whose entry has since been removed (newest first). */
export type BlacklistView = { rows: BlacklistRow[]; orphaned: BlockedMessage[] };

/**
 * The blacklist, newest entry first, each with its messages newest first: what a blocked customer
 * wrote stays in view under the entry that stopped it, and under "earlier entries" once that entry
 * is removed, so nothing they wrote leaves the page.
 */
export function blacklistView(
  entries: readonly BlacklistEntry[],
  messages: readonly BlockedMessage[],
  channels: readonly Pick<Channel, 'id' | 'name'>[],
  users: readonly Pick<User, 'id' | 'name'>[],
): BlacklistView {
  const channelNames = new Map(channels.map((channel) => [channel.id, channel.name]));
  const userNames = new Map(users.map((user) => [user.id, user.name]));
  const byEntry = new Map<string, BlockedMessage[]>();
  for (const message of messages) {
    const list = byEntry.get(message.entryId);
    if (list) list.push(message);
    else byEntry.set(message.entryId, [message]);
  }
  const known = new Set(entries.map((entry) => entry.id));
  const orphaned = messages
    .filter((message) => !known.has(message.entryId))
    .sort((a, b) => newestFirst(a.receivedAt, b.receivedAt));
  const rows = entries
    .map((entry) => ({
      ...entry,
      channelName: entry.channelId === null ? null : channelNames.get(entry.channelId),
      addedByName: entry.addedBy === null ? null : userNames.get(entry.addedBy),
      messages: (byEntry.get(entry.id) ?? []).sort((a, b) =>
        newestFirst(a.receivedAt, b.receivedAt),
      ),
    }))
    .sort((a, b) => newestFirst(a.addedAt, b.addedAt));
  return { rows, orphaned };
}
