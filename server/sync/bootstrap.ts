import { and, asc, eq, gt, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, PROTOCOL_VERSION, type SyncTable } from '../../src/protocol';
import type { Db } from '../db/database';
import * as t from '../db/schema';
import type { Viewer } from '../auth/viewer';
import { currentSeq } from './event-log';
import * as wire from './wire-rows';

/** Rows per NDJSON line: big enough to amortize the JSON framing, small enough to stream. */
const CHUNK = 1000;

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
    eq(t.chats.orgId, org),
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
  yield* table(
    'roles',
    (a) =>
      db
        .select()
        .from(t.roles)
        .where(and(eq(t.roles.orgId, org), gt(t.roles.id, a)))
        .orderBy(asc(t.roles.id))
        .limit(CHUNK),
    wire.roleRow,
  );
  yield* table(
    'users',
    (a) =>
      db
        .select()
        .from(t.users)
        .where(and(eq(t.users.orgId, org), gt(t.users.id, a)))
        .orderBy(asc(t.users.id))
        .limit(CHUNK),
    wire.userRow,
  );
  yield* table(
    'teams',
    (a) =>
      db
        .select()
        .from(t.teams)
        .where(and(eq(t.teams.orgId, org), gt(t.teams.id, a)))
        .orderBy(asc(t.teams.id))
        .limit(CHUNK),
    wire.teamRow,
  );
  yield* table(
    'channels',
    (a) =>
      db
        .select()
        .from(t.channels)
        .where(and(eq(t.channels.orgId, org), gt(t.channels.id, a)))
        .orderBy(asc(t.channels.id))
        .limit(CHUNK),
    wire.channelRow,
  );
  yield* table(
    'requestCategories',
    (a) =>
      db
        .select()
        .from(t.requestCategories)
        .where(and(eq(t.requestCategories.orgId, org), gt(t.requestCategories.id, a)))
        .orderBy(asc(t.requestCategories.id))
        .limit(CHUNK),
    wire.requestCategoryRow,
  );
  yield* table(
    'templateCategories',
    (a) =>
      db
        .select()
        .from(t.templateCategories)
        .where(and(eq(t.templateCategories.orgId, org), gt(t.templateCategories.id, a)))
        .orderBy(asc(t.templateCategories.id))
        .limit(CHUNK),
    wire.templateCategoryRow,
  );
  yield* table(
    'templates',
    (a) =>
      db
        .select()
        .from(t.templates)
        .where(and(eq(t.templates.orgId, org), gt(t.templates.id, a)))
        .orderBy(asc(t.templates.id))
        .limit(CHUNK),
    wire.templateRow,
  );
  yield* table(
    'clients',
    (a) =>
      db
        .select()
        .from(t.clients)
        .where(and(eq(t.clients.orgId, org), gt(t.clients.id, a)))
        .orderBy(asc(t.clients.id))
        .limit(CHUNK),
    wire.clientRow,
  );
  yield* table(
    'chats',
    (a) =>
      db
        .select()
        .from(t.chats)
        .where(and(recentChat, gt(t.chats.id, a)))
        .orderBy(asc(t.chats.id))
        .limit(CHUNK),
    wire.chatRow,
  );
  yield* table(
    'messages',
    (a) =>
      db
        .select()
        .from(t.messages)
        .where(
          and(
            eq(t.messages.orgId, org),
            inArray(t.messages.chatId, openChatIds),
            gt(t.messages.id, a),
          ),
        )
        .orderBy(asc(t.messages.id))
        .limit(CHUNK),
    wire.messageRow,
  );
  yield* table(
    'chatHistory',
    (a) =>
      db
        .select()
        .from(t.chatHistory)
        .where(
          and(
            eq(t.chatHistory.orgId, org),
            inArray(t.chatHistory.chatId, openChatIds),
            gt(t.chatHistory.id, a),
          ),
        )
        .orderBy(asc(t.chatHistory.id))
        .limit(CHUNK),
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
