import type { ApiError, Message, SyncTable, SyncedRow } from '../protocol';
import type { ReportResult } from '../protocol/reports';

/** A message as the browser holds it: `queued` while its command waits in the outbox. */
export type LocalMessage = Omit<Message, 'status'> & { status: Message['status'] | 'queued' };

/** Rows the browser holds otherwise than the wire sends them. */
type LocalRows = { messages: LocalMessage };

/** The row type of each synced table: its protocol schema's, or the local shape of LocalRows. */
export type SyncRows = {
  [T in SyncTable]: T extends keyof LocalRows ? LocalRows[T] : SyncedRow<T>;
};
export type AnyRow = SyncRows[SyncTable];

/**
 * Bookkeeping rows: the cursor, bootstrap progress, the local schema's version, and how many of
 * the sync worker's transactions have written rows the pages hold in memory (written-rows.ts).
 */
export type MetaRow =
  | { key: 'cursor'; value: number }
  | { key: 'bootstrap'; value: { state: 'loading' | 'done'; cursor: number; rows: number } }
  | { key: 'schema'; value: string }
  | { key: 'written'; value: number };

export type OutboxState = 'pending' | 'acknowledged' | 'rejected';

/**
 * A command the user gave that the server has not yet confirmed. `acknowledged` means the server
 * applied it at `seq`; the row goes when the local cursor reaches that seq (the events are here).
 * `rejected` rows stay, with their error, until the user retries or discards them: nothing the
 * user wrote is dropped silently.
 */
export type OutboxRow = {
  n?: number;
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
  state: OutboxState;
  seq?: number;
  error?: ApiError;
  attempts: number;
  /**
   * Times the server failed on this command unexpectedly (UNKNOWN_ERROR) while it took others;
   * the outbox refuses it after a few (src/sync/command-batch.ts).
   */
  failures?: number;
};

/** The server's version of a row that has pending local changes on top (null: the server has none). */
export type BaseRow = { table: SyncTable; key: string; row: AnyRow | null };

/** A file chosen offline, kept as a Blob until its command is flushed. */
export type FileRow = {
  id: string;
  commandId: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  createdAt: string;
};

/** How far this user has read a chat: the time of the newest customer message they have seen. */
export type ReadRow = { chatId: string; readAt: string };

/**
 * A report answer kept by its query's key (`reportKey`): the newest answer to a query replaces
 * the older one; `storedAt` is when this browser received it (the numbers carry `computedAt`).
 */
export type StoredReport = { key: string; result: ReportResult; storedAt: string };
