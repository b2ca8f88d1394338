import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Actor, EventType, SyncEvent } from '../../src/protocol';
import type { Db, Tx } from '../db/database';
import { eventLogHeads, events } from '../db/schema';
import { arrayLiteral, bulkInsert, iso, json, type Column } from '../db/bulk-insert';
import { ORG_GROUP, visibleChanges, type StoredChange } from './groups';
import { recordReportWork } from '../reports/report-work';
import { eventWire, wholeTo } from './event-wire';
import { ADVISORY_LOCKS } from '../db/advisory-locks';

export type PendingEvent = {
  type: EventType;
  data: Record<string, unknown>;
  changes: StoredChange[];
  /**
   * Who caused it and under which command, when the events of several commands are appended
   * together (a group commit); otherwise the append's own.
   */
  actor?: Actor;
  commandId?: string | null;
  at?: Date;
};
export type StoredEvent = typeof events.$inferSelect;

/** The LISTEN/NOTIFY channel that wakes every instance when an organization's log grows. */
export const EVENTS_CHANNEL = 'sc_events';

/**
 * Appends a command's events (or a group of commands' events) in its transaction, in one INSERT.
 * The per-organization advisory lock makes the organization's events commit in seq order, so a
 * reader of `seq > cursor` never misses an event that committed late; work that took the lock
 * when it began says so (`locked`). On PostgreSQL the NOTIFY is sent at commit, never for a
 * rollback.
 */
export async function appendEvents(
  tx: Tx,
  options: {
    orgId: string;
    actor: Actor;
    commandId: string | null;
    at: Date;
    notify: boolean;
    locked?: boolean;
  },
  pending: readonly PendingEvent[],
  newId: () => string,
): Promise<number | null> {
  if (pending.length === 0) return null;
  if (!options.locked) await lockOrganizationLog(tx, options.orgId);
  const last = await advanceHead(tx, options.orgId, pending.length);
  const first = last - pending.length + 1;
  const ids = pending.map(() => newId());
  await bulkInsert(
    tx,
    'events',
    EVENT_COLUMNS,
    pending.map((event, index) => {
      const row = {
        orgId: options.orgId,
        seq: first + index,
        id: ids[index] ?? newId(),
        type: event.type,
        actor: event.actor ?? options.actor,
        commandId: event.commandId === undefined ? options.commandId : event.commandId,
        groups: [...new Set(event.changes.flatMap((change) => change.groups))],
        data: event.data,
        changes: event.changes,
        at: event.at ?? options.at,
      };
      // Kept only where some staff receive it whole: no page would ever send it otherwise.
      const whole = wholeTo(event.changes);
      return { ...row, wire: whole.length > 0 ? eventWire(row) : null, wholeTo: whole };
    }),
  );
  // The reports' share of the same transaction: which chats to recount, which presence to keep.
  await recordReportWork(
    tx,
    options.orgId,
    options.at,
    pending.map((event, index) => ({ ...event, id: ids[index] ?? '' })),
  );
  if (options.notify) await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${options.orgId})`);
  return last;
}

type EventRow = typeof events.$inferInsert;

/** The log's columns as one set-based insert sends them (bulk-insert.ts): a group appends hundreds. */
const EVENT_COLUMNS: readonly Column<EventRow>[] = [
  ['org_id', 'uuid', (r) => r.orgId],
  ['seq', 'bigint', (r) => String(r.seq)],
  ['id', 'uuid', (r) => r.id],
  ['type', 'text', (r) => r.type],
  ['actor', 'jsonb', (r) => json(r.actor)],
  ['command_id', 'uuid', (r) => r.commandId ?? null],
  ['groups', 'text', (r) => arrayLiteral(r.groups), 'text[]'],
  ['data', 'jsonb', (r) => json(r.data)],
  ['changes', 'jsonb', (r) => json(r.changes)],
  ['at', 'timestamptz', (r) => iso(r.at)],
  ['wire', 'text', (r) => r.wire ?? null],
  ['whole_to', 'text', (r) => arrayLiteral(r.wholeTo ?? []), 'text[]'],
];

/**
 * Takes the next `count` numbers of an organization's own sequence and returns the last. Called
 * under the organization's log lock, so the numbers are handed out and committed in order.
 */
async function advanceHead(tx: Tx, orgId: string, count: number): Promise<number> {
  const [head] = await tx
    .insert(eventLogHeads)
    .values({ orgId, seq: count })
    .onConflictDoUpdate({
      target: eventLogHeads.orgId,
      set: { seq: sql`${eventLogHeads.seq} + ${count}` },
    })
    .returning({ seq: eventLogHeads.seq });
  if (!head) throw new Error('the event log head was not advanced');
  return head.seq;
}

/**
 * Serializes writers of one organization until commit. Every unit of work that changes an
 * organization's state takes it before anything else (runInScope, the command batch), so one
 * organization's transactions run one after another and their row locks can never form a cycle;
 * its events therefore commit in seq order too.
 */
export async function lockOrganizationLog(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.organizationLog}, hashtext(${orgId}))`,
  );
}

/** The newest seq of an organization's log (kept when old events are pruned), 0 when it is empty. */
export async function currentSeq(db: Db | Tx, orgId: string): Promise<number> {
  const [head] = await db
    .select({ seq: eventLogHeads.seq })
    .from(eventLogHeads)
    .where(eq(eventLogHeads.orgId, orgId));
  return head?.seq ?? 0;
}

type LogRange = {
  orgId: string;
  after: number;
  upTo: number;
  limit: number;
  groups?: readonly string[];
};

/** A group list as the array literal the `&&` tests take. */
const groupsLiteral = (groups: readonly string[]): string => `{${groups.join(',')}}`;

/** The log's events after a cursor up to a bound, optionally only those touching some groups. */
function inRange(query: LogRange) {
  return and(
    eq(events.orgId, query.orgId),
    gt(events.seq, query.after),
    lte(events.seq, query.upTo),
    query.groups ? sql`${events.groups} && ${groupsLiteral(query.groups)}::text[]` : undefined,
  );
}

/** Events after a cursor up to a bound, optionally only those touching some groups. */
export async function readEvents(db: Db, query: LogRange): Promise<StoredEvent[]> {
  return db.select().from(events).where(inRange(query)).orderBy(asc(events.seq)).limit(query.limit);
}

/**
 * A page of the log as one viewer receives it: each event the viewer has a share of, in order, as
 * its JSON text. An event the viewer sees whole is its stored wire text (event-wire.ts), so most of
 * a page costs the database no JSON and the server no parsing; the others (a share of an event, or
 * one appended before wire texts were kept) are read whole and filtered by eventForViewer.
 */
export async function readViewerPage(
  db: Db,
  query: LogRange & { groups: readonly string[] },
): Promise<{ seq: number; json: string | null }[]> {
  // Wire texts are whole to staff only (wholeTo), who are all in the organization's group.
  const wire = query.groups.includes(ORG_GROUP)
    ? sql<
        string | null
      >`case when ${events.wholeTo} && ${groupsLiteral(query.groups)}::text[] then ${events.wire} end`
    : sql<string | null>`null`;
  // One snapshot for both reads: events pruned between them would otherwise drop out of the page
  // while its cursor moved past them.
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select({ seq: events.seq, wire })
        .from(events)
        .where(inRange(query))
        .orderBy(asc(events.seq))
        .limit(query.limit);
      const partial = rows.filter((row) => row.wire === null).map((row) => row.seq);
      const filtered = new Map<number, string | null>();
      if (partial.length > 0) {
        const viewer = new Set(query.groups);
        const stored = await tx
          .select()
          .from(events)
          .where(and(eq(events.orgId, query.orgId), inArray(events.seq, partial)));
        for (const event of stored) {
          const visible = eventForViewer(event, viewer);
          filtered.set(event.seq, visible && JSON.stringify(visible));
        }
      }
      return rows.map((row) => ({
        seq: row.seq,
        json: row.wire ?? filtered.get(row.seq) ?? null,
      }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** An event as one viewer receives it, or null when none of it is theirs to see. */
export function eventForViewer(event: StoredEvent, groups: ReadonlySet<string>): SyncEvent | null {
  const changes = visibleChanges(event.changes as StoredChange[], groups);
  if (changes.length === 0 && !event.groups.some((group) => groups.has(group))) return null;
  return {
    seq: event.seq,
    id: event.id,
    type: event.type as EventType,
    at: event.at.toISOString(),
    actor: event.actor as Actor,
    commandId: event.commandId,
    data: event.data,
    changes,
  };
}
