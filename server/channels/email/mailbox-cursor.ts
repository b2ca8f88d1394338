import type { CursorStore } from '../adapter';

/**
 * Where a channel's reading of its mailbox stands, kept across restarts so nothing is read twice
 * or skipped. IMAP: the mailbox's UIDVALIDITY and the highest UID taken. POP3: the UIDLs taken that
 * are still on the server. Saved only after the mail it covers is stored.
 */
export interface MailboxCursor {
  uidValidity: number | null;
  lastUid: number;
  pop3Uidls: string[];
}

export interface MailboxCursorStore {
  load(): Promise<MailboxCursor>;
  save(cursor: MailboxCursor): Promise<void>;
}

export const EMPTY_CURSOR: MailboxCursor = { uidValidity: null, lastUid: 0, pop3Uidls: [] };

/**
 * A mail as read from the mailbox, for the inbound event store: the provider id it is stored
 * under (its Message-ID, else its place in the mailbox) and its bytes. Storing must be durable
 * before it resolves; a duplicate id is the store's to ignore.
 */
export interface FetchedMail {
  providerId: string;
  raw: Buffer;
}
export type StoreMail = (mail: FetchedMail) => Promise<void>;

/**
 * The provider id of a mail: its Message-ID in brackets, so the same mail read again (a new
 * UIDVALIDITY, a POP3 server that renumbered) is the same event, and the chat's thread of
 * provider ids is a References list as it stands. A mail without one is named by its place in
 * the mailbox (no brackets, so never taken for a Message-ID).
 */
export function mailProviderId(messageId: string | null | undefined, fallback: string): string {
  return messageId ? `<${messageId}>` : fallback;
}

/** A mailbox's cursor kept under one key of the pipeline's per-channel cursor store, as JSON. */
export function cursorIn(store: CursorStore, key: string): MailboxCursorStore {
  return {
    async load() {
      const stored = await store.get(key);
      if (!stored) return EMPTY_CURSOR;
      const value = JSON.parse(stored) as Partial<MailboxCursor>;
      return {
        uidValidity: typeof value.uidValidity === 'number' ? value.uidValidity : null,
        lastUid: typeof value.lastUid === 'number' ? value.lastUid : 0,
        pop3Uidls: Array.isArray(value.pop3Uidls) ? value.pop3Uidls.map(String) : [],
      };
    },
    save: (cursor) => store.set(key, JSON.stringify(cursor)),
  };
}
