import { and, asc, eq, gt, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, PROTOCOL_VERSION, THREAD_TABLES, threadField } from '../../src/protocol';
import type { Db } from '../db/database';
import * as t from '../db/schema';
import type { Viewer } from '../auth/viewer';
import { currentSeq } from './event-log';
import { STATS_RIGHT } from './groups';
import { SERVER_SYNCED_TABLES, type ServerSyncedTable, type Sight } from './synced-tables';

/** Rows per NDJSON line: big enough to amortize the JSON framing, small enough to stream. */
const CHUNK = 1000;

/** The server entries in the order bootstrap streams them (the registry's order). */
const STREAMED: [string, ServerSyncedTable][] = Object.entries(SERVER_SYNCED_TABLES);

type ThreadEntry = ServerSyncedTable & { readonly sight: Extract<Sight, { kind: 'chat-content' }> };

/**
 * Everything a viewer may see, as NDJSON lines: the cursor first, then rows in chunks, then done.
 * The cursor is read before the rows, so a row may already include a later event; replaying
 * those events over it converges on the same state (puts are whole rows, applied in order).
 * Closed chats older than 30 days and rows of closed chats come later, on demand.
 */
export async function* bootstrapLines(db: Db, viewer: Viewer, now: Date): AsyncGenerator<string> {
  const cursor = await currentSeq(db, viewer.orgId);
  yield JSON.stringify({ cursor, protocol: PROTOCOL_VERSION });
  let total = 0;

  const org = viewer.orgId;
  const closedSince = new Date(now.getTime() - LIMITS.bootstrapClosedChatDays * 86_400_000);
  const seesChat: SQL = viewer.rights.has('AUTHORITY_ALL_CHATS')
    ? sql`true`
    : (or(
        viewer.teamIds.length > 0 ? inArray(t.chats.teamId, [...viewer.teamIds]) : sql`false`,
        eq(t.chats.operatorId, viewer.id),
        eq(t.chats.createdBy, viewer.id),
      ) ?? sql`false`);
  const recentChat = and(
    seesChat,
    or(ne(t.chats.status, 'closed'), gte(t.chats.closedAt, closedSince)),
  );
  const openChatIds = db
    .select({ id: t.chats.id })
    .from(t.chats)
    .where(and(eq(t.chats.orgId, org), seesChat, ne(t.chats.status, 'closed')));

  /** The rows of a table this viewer is given, beyond its organization's (see Sight). */
  const visible = (sight: Sight): SQL | undefined => {
    switch (sight.kind) {
      case 'org':
        return undefined;
      case 'stats':
        return viewer.rights.has(STATS_RIGHT) ? undefined : sql`false`;
      case 'chat':
        return recentChat;
      case 'chat-content':
        return inArray(sight.chatId, openChatIds);
    }
  };

  for (const [name, entry] of STREAMED) {
    const { table, orgId, sight } = entry;
    const where = and(eq(orgId, org), visible(sight));
    // Keyset pages by id: each query is an index range, however large the table.
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db
        .select()
        .from(table)
        .where(and(where, gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(CHUNK);
      if (rows.length === 0) break;
      total += rows.length;
      const wireRows = rows.map((row) => entry.toWire(row));
      yield JSON.stringify({ table: name, rows: wireRows });
      if (rows.length < CHUNK) break;
      after = wireRows[wireRows.length - 1]?.id ?? after;
    }
  }

  yield JSON.stringify({ done: true, rows: total });
}

/**
 * A chat's whole thread, for a closed chat opened later (DESIGN §4 "on demand"): the chat and,
 * under each thread table's field (`messages`, `history`), the rows that belong to it in order.
 */
export async function chatThread(
  db: Db,
  chat: typeof t.chats.$inferSelect,
): Promise<Record<string, unknown>> {
  const thread: Record<string, unknown> = { chat: SERVER_SYNCED_TABLES.chats.toWire(chat) };
  for (const name of THREAD_TABLES) {
    const entry: ThreadEntry = SERVER_SYNCED_TABLES[name];
    const rows = await db
      .select()
      .from(entry.table)
      .where(eq(entry.sight.chatId, chat.id))
      .orderBy(asc(entry.sight.order));
    thread[threadField(name)] = rows.map((row) => entry.toWire(row));
  }
  return thread;
}
