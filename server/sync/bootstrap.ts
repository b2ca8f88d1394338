import { and, asc, eq, gt, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, PROTOCOL_VERSION, type SyncTable } from '../../src/protocol';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import * as t from '../db/schema';
import type { Viewer } from '../auth/viewer';
import { currentSeq } from './event-log';
import * as wire from './wire-rows';

/** Rows per NDJSON line: big enough to amortize the JSON framing, small enough to stream. */
const CHUNK = 1000;

/** A state table whose rows carry their organization. */
type OrgTable = PgTable & { id: PgColumn; orgId: PgColumn };

/**
 * Everything a viewer may see, as NDJSON lines: the cursor first, then rows in chunks, then done.
 * The cursor is read before the rows, so a row may already include a later event; replaying
 * those events over it converges on the same state (puts are whole rows, applied in order).
 * Closed chats older than 30 days and messages of closed chats come later, on demand.
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

  async function* table<R extends { id: string }>(
    name: SyncTable,
    page: (after: string) => Promise<R[]>,
    toWire: (row: R) => unknown,
  ): AsyncGenerator<string> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await page(after);
      if (rows.length === 0) return;
      total += rows.length;
      yield JSON.stringify({ table: name, rows: rows.map(toWire) });
      if (rows.length < CHUNK) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  // Keyset pages by id: each query is an index range, however large the table.
  const orgPage = <T extends OrgTable>(source: T, visible?: SQL) => {
    // Drizzle cannot type a select from a generic table; the rows are the table's own.
    const from: OrgTable = source;
    return (after: string) =>
      db
        .select()
        .from(from)
        .where(and(eq(from.orgId, org), visible, gt(from.id, after)))
        .orderBy(asc(from.id))
        .limit(CHUNK) as Promise<T['$inferSelect'][]>;
  };

  yield* table(
    'organizations',
    (a) =>
      db
        .select()
        .from(t.organizations)
        .where(and(eq(t.organizations.id, org), gt(t.organizations.id, a)))
        .limit(CHUNK),
    wire.organizationRow,
  );
  yield* table('roles', orgPage(t.roles), wire.roleRow);
  yield* table('users', orgPage(t.users), wire.userRow);
  yield* table('teams', orgPage(t.teams), wire.teamRow);
  yield* table('channels', orgPage(t.channels), wire.channelRow);
  yield* table('requestCategories', orgPage(t.requestCategories), wire.requestCategoryRow);
  yield* table('templateCategories', orgPage(t.templateCategories), wire.templateCategoryRow);
  yield* table('templates', orgPage(t.templates), wire.templateRow);
  yield* table('clients', orgPage(t.clients), wire.clientRow);
  yield* table('chats', orgPage(t.chats, recentChat), wire.chatRow);
  yield* table(
    'messages',
    orgPage(t.messages, inArray(t.messages.chatId, openChatIds)),
    wire.messageRow,
  );
  yield* table(
    'chatHistory',
    orgPage(t.chatHistory, inArray(t.chatHistory.chatId, openChatIds)),
    wire.chatHistoryRow,
  );

  yield JSON.stringify({ done: true, rows: total });
}

/** A chat's whole thread, for a closed chat opened later (DESIGN §4 "on demand"). */
export async function chatThread(db: Db, chat: typeof t.chats.$inferSelect) {
  const thread = await db
    .select()
    .from(t.messages)
    .where(eq(t.messages.chatId, chat.id))
    .orderBy(asc(t.messages.createdAt));
  const history = await db
    .select()
    .from(t.chatHistory)
    .where(eq(t.chatHistory.chatId, chat.id))
    .orderBy(asc(t.chatHistory.at));
  return {
    chat: wire.chatRow(chat),
    messages: thread.map(wire.messageRow),
    history: history.map(wire.chatHistoryRow),
  };
}
