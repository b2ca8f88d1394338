import { rowsOf } from '../db/rows-of';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  addDays,
  chatObservations,
  chatTimeline,
  dayBucketer,
  dayStart,
  emptyCounters,
  localDay,
  rollUp,
  workingTime,
  type DailyRollup,
  type LocalDay,
  type Observation,
  type PresenceChange,
  type PresenceSnapshot,
  type RollupCounters,
} from '../../src/protocol/metrics';
import type { Db, Tx } from '../db/database';
import {
  chatHistory,
  chats,
  messages,
  organizations,
  reportChatObservations,
  reportPresenceChanges,
  reportRollups,
  reportState,
} from '../db/schema';
import { ADVISORY_LOCKS } from '../db/advisory-locks';

/**
 * The reports' storage (docs/reports.md): each chat's observations per local day, the daily
 * roll-ups built from them, and working time from presence changes. Every function here is
 * idempotent: it computes from what is stored and replaces what it computed before.
 */

type RollupRecord = typeof reportRollups.$inferSelect;
type Source = RollupRecord['source'];

/** Advisory lock keys (first argument) of the reports (server/db/advisory-locks.ts). */
const ORG_LOCK = ADVISORY_LOCKS.reportsOrganization;
const DAY_LOCK = ADVISORY_LOCKS.reportsDay;

/**
 * Incremental work on an organization's roll-ups shares its lock; a full rebuild takes it alone,
 * so no chat is counted in the old zone after a rebuild in the new one began.
 */
async function lockOrganizationShared(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${ORG_LOCK}, hashtext(${orgId}))`);
}
async function lockOrganizationAlone(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORG_LOCK}, hashtext(${orgId}))`);
}
/** One (organization, source, day) roll-up is rebuilt by one transaction at a time. */
async function lockDay(tx: Tx, orgId: string, source: Source, day: LocalDay): Promise<void> {
  const key = `${orgId}:${source}:${day}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${DAY_LOCK}, hashtext(${key}))`);
}

const INSERT_BATCH = 500;

/** A timestamp from a raw select: a Date from either driver, or its text. */
const instant = (value: unknown): number =>
  value instanceof Date ? value.getTime() : Date.parse(String(value));

async function insertInBatches<T>(items: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += INSERT_BATCH)
    await insert(items.slice(i, i + INSERT_BATCH));
}

// ---------------------------------------------------------------------------------------------
// Roll-up rows as stored

const DURATIONS = ['firstReply', 'replyTime', 'reaction', 'dialogTime'] as const;

/** A DailyRollup as its table row: the lists in int8 / uuid arrays, the rest as JSON counters. */
export function rollupRecord(row: DailyRollup, source: Source): RollupRecord {
  return {
    orgId: row.orgId,
    day: row.day,
    source,
    channelId: row.channelId,
    teamId: row.teamId,
    operatorId: row.operatorId,
    counters: {
      dialogs: row.dialogs,
      unansweredAssignments: row.unansweredAssignments,
      missed: row.missed,
      closes: row.closes,
      categories: row.categories,
      assigned: row.assigned,
      transferred: row.transferred,
      ratings: row.ratings,
      workingTime: row.workingTime,
      sums: Object.fromEntries(DURATIONS.map((name) => [name, row[name].sumMs])),
    },
    clients: row.clients,
    firstReply: row.firstReply.values,
    replyTime: row.replyTime.values,
    reaction: row.reaction.values,
    dialogTime: row.dialogTime.values,
  };
}

const numbers = (list: readonly unknown[]): number[] => list.map(Number);

/** A stored row, its duration lists as the driver gave them (numbers, or their text). */
export type StoredRollup = Omit<RollupRecord, (typeof DURATIONS)[number]> &
  Record<(typeof DURATIONS)[number], readonly (number | string)[]>;

/** A stored row back as a DailyRollup (src/protocol/metrics/rollup.ts). */
export function dailyRollup(record: StoredRollup): DailyRollup {
  const c = record.counters as Partial<RollupCounters> & { sums?: Record<string, number> };
  const base = emptyCounters();
  const durations = (name: (typeof DURATIONS)[number]) => {
    const values = numbers(record[name]);
    return { count: values.length, sumMs: c.sums?.[name] ?? 0, values };
  };
  return {
    orgId: record.orgId,
    day: record.day,
    channelId: record.channelId,
    teamId: record.teamId,
    operatorId: record.operatorId,
    dialogs: c.dialogs ?? 0,
    clients: record.clients,
    firstReply: durations('firstReply'),
    replyTime: durations('replyTime'),
    reaction: durations('reaction'),
    dialogTime: durations('dialogTime'),
    unansweredAssignments: c.unansweredAssignments ?? 0,
    missed: c.missed ?? 0,
    closes: { ...base.closes, ...c.closes },
    categories: { ...c.categories },
    assigned: { ...base.assigned, ...c.assigned },
    transferred: c.transferred ?? 0,
    ratings: c.ratings ?? base.ratings,
    workingTime: { ...base.workingTime, ...c.workingTime },
  };
}

// ---------------------------------------------------------------------------------------------
// Chats

/** The observations of these chats of one organization, per chat and local day. */
async function observeChats(
  tx: Tx | Db,
  orgId: string,
  zone: string,
  chatIds: readonly string[],
): Promise<Map<string, Map<LocalDay, Observation[]>>> {
  const out = new Map<string, Map<LocalDay, Observation[]>>();
  if (chatIds.length === 0) return out;
  const chatRows = await tx
    .select({
      id: chats.id,
      channelId: chats.channelId,
      clientId: chats.clientId,
      teamId: chats.teamId,
    })
    .from(chats)
    .where(and(eq(chats.orgId, orgId), inArray(chats.id, [...chatIds])));
  if (chatRows.length === 0) return out;
  const ids = chatRows.map((chat) => chat.id);
  const history = await tx
    .select({
      chatId: chatHistory.chatId,
      kind: chatHistory.kind,
      actorId: chatHistory.actorId,
      data: chatHistory.data,
      at: chatHistory.at,
    })
    .from(chatHistory)
    .where(inArray(chatHistory.chatId, ids));
  const thread = await tx
    .select({
      chatId: messages.chatId,
      authorKind: messages.authorKind,
      authorId: messages.authorId,
      internal: messages.internal,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.chatId, ids));
  const historyOf = groupBy(history, (line) => line.chatId);
  const threadOf = groupBy(thread, (line) => line.chatId);
  const dayOf = dayBucketer(zone);
  for (const chat of chatRows) {
    const timeline = chatTimeline(
      chat,
      (historyOf.get(chat.id) ?? []) as Parameters<typeof chatTimeline>[1],
      threadOf.get(chat.id) ?? [],
    );
    const byDay = new Map<LocalDay, Observation[]>();
    for (const o of chatObservations(timeline)) {
      const day = dayOf(o.at);
      const list = byDay.get(day);
      if (list) list.push(o);
      else byDay.set(day, [o]);
    }
    out.set(chat.id, byDay);
  }
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Computes these chats again and replaces their stored observations; returns the local days
 * whose roll-ups they touched, before or now (a chat that left a day must leave its roll-up).
 */
async function replaceChatObservations(
  tx: Tx,
  orgId: string,
  zone: string,
  chatIds: readonly string[],
): Promise<Set<LocalDay>> {
  const days = new Set<LocalDay>();
  if (chatIds.length === 0) return days;
  const before = await tx
    .delete(reportChatObservations)
    .where(
      and(
        eq(reportChatObservations.orgId, orgId),
        inArray(reportChatObservations.chatId, [...chatIds]),
      ),
    )
    .returning({ day: reportChatObservations.day });
  for (const row of before) days.add(row.day);
  const observed = await observeChats(tx, orgId, zone, chatIds);
  const rows: (typeof reportChatObservations.$inferInsert)[] = [];
  for (const [chatId, byDay] of observed)
    for (const [day, observations] of byDay) {
      days.add(day);
      rows.push({ chatId, day, orgId, observations });
    }
  await insertInBatches(rows, (batch) => tx.insert(reportChatObservations).values(batch));
  return days;
}

/** The chat roll-up rows of one organization's local day. */
export const chatRollupsOf = (orgId: string, day: LocalDay) =>
  and(
    eq(reportRollups.orgId, orgId),
    eq(reportRollups.day, day),
    eq(reportRollups.source, 'chats'),
  );

/** Rebuilds the chat roll-ups of these days from the chats' stored observations. */
async function rebuildChatDays(
  tx: Tx,
  orgId: string,
  zone: string,
  days: Iterable<LocalDay>,
): Promise<void> {
  for (const day of [...days].sort()) {
    await lockDay(tx, orgId, 'chats', day);
    const stored = await tx
      .select({ observations: reportChatObservations.observations })
      .from(reportChatObservations)
      .where(and(eq(reportChatObservations.orgId, orgId), eq(reportChatObservations.day, day)));
    const observations = stored.flatMap((row) => row.observations as Observation[]);
    const rows = rollUp(orgId, zone, observations).filter((row) => row.day === day);
    await tx.delete(reportRollups).where(chatRollupsOf(orgId, day));
    await insertInBatches(rows, (batch) =>
      tx.insert(reportRollups).values(batch.map((row) => rollupRecord(row, 'chats'))),
    );
  }
}

async function zoneOf(tx: Tx | Db, orgId: string): Promise<string | null> {
  const [org] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org?.timeZone ?? null;
}

/** How long a worker's claim on a dirty chat holds before another may take it (a crash). */
const CLAIM_MS = 5 * 60_000;

type Claimed = { chatId: string; orgId: string; generation: number };

/**
 * A chat whose numbers could not be computed stays in the queue, claimed as of now: it is tried
 * again when the claim lapses (CLAIM_MS), after everything queued behind it, and said in the log.
 */
async function setAside(
  db: Db,
  chatId: string,
  now: Date,
  error: unknown,
  onError: ((error: unknown, chatId: string) => void) | undefined,
): Promise<void> {
  await db.execute(
    sql`update report_dirty_chats set claimed_at = ${now.toISOString()}::timestamptz
        where chat_id = ${chatId}::uuid`,
  );
  (
    onError ??
    ((e: unknown, id: string) => {
      console.error(`reports: chat ${id} set aside`, e);
    })
  )(error, chatId);
}

/**
 * Takes up to `limit` dirty chats (of one organization, or any), computes them again and rebuilds
 * the days they touch. The claim commits on its own, so a command marking one of them again
 * never waits for the computation; the mark then outlives it (its generation moved on) and the
 * chat is computed once more. Returns how many chats were taken.
 */
export async function processDirtyChats(
  db: Db,
  now: Date,
  options: {
    orgId?: string;
    limit?: number;
    /** Told of a chat set aside (its error), for the worker's log. */
    onError?: (error: unknown, chatId: string) => void;
    /** Told of an organization whose chats were rolled up (its today's figures may move). */
    onSettled?: (orgId: string) => void;
  } = {},
): Promise<number> {
  const limit = options.limit ?? 200;
  const stale = new Date(now.getTime() - CLAIM_MS);
  const onlyOrg = options.orgId ? sql`and org_id = ${options.orgId}` : sql``;
  const claimed = (
    await rowsOf<{ chat_id: string; org_id: string; generation: number }>(
      db.execute(sql`
      update report_dirty_chats set claimed_at = ${now.toISOString()}::timestamptz
      where chat_id in (
        select chat_id from report_dirty_chats
        where (claimed_at is null or claimed_at < ${stale.toISOString()}::timestamptz) ${onlyOrg}
        order by marked_at limit ${limit}
        for update skip locked)
      returning chat_id, org_id, generation`),
    )
  ).map((row): Claimed => ({ chatId: row.chat_id, orgId: row.org_id, generation: row.generation }));
  if (claimed.length === 0) return 0;
  // One transaction per organization's batch; a batch that fails is tried chat by chat, so one
  // chat that cannot be computed neither holds back the others nor fails a report's catch-up.
  const settle = (orgId: string, list: readonly Claimed[]) =>
    db.transaction(async (tx) => {
      await lockOrganizationShared(tx, orgId);
      const zone = await zoneOf(tx, orgId);
      if (zone) {
        const days = await replaceChatObservations(
          tx,
          orgId,
          zone,
          list.map((row) => row.chatId),
        );
        await rebuildChatDays(tx, orgId, zone, days);
      }
      const pairs = sql.join(
        list.map((row) => sql`(${row.chatId}::uuid, ${row.generation}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`delete from report_dirty_chats where (chat_id, generation) in (${pairs})`,
      );
    });
  for (const [orgId, list] of groupBy(claimed, (row) => row.orgId)) {
    try {
      await settle(orgId, list);
      options.onSettled?.(orgId);
      continue;
    } catch (error) {
      if (list.length === 1) {
        await setAside(db, list[0]?.chatId ?? '', now, error, options.onError);
        continue;
      }
    }
    for (const row of list) {
      try {
        await settle(orgId, [row]);
        options.onSettled?.(orgId);
      } catch (error) {
        await setAside(db, row.chatId, now, error, options.onError);
      }
    }
  }
  return claimed.length;
}

// ---------------------------------------------------------------------------------------------
// Working time

type PresenceRow = typeof reportPresenceChanges.$inferSelect;

const asChange = (row: Pick<PresenceRow, 'operatorId' | 'at' | 'online' | 'status'>) => {
  const change: PresenceChange = { operatorId: row.operatorId, at: row.at.getTime() };
  if (row.online !== null) change.online = row.online;
  if (row.status !== null) change.status = row.status;
  return change;
};

/** What was known of each operator just before `start`: their last `online` and last status. */
async function presenceBefore(
  tx: Tx | Db,
  orgId: string,
  start: Date,
): Promise<Map<string, PresenceSnapshot>> {
  const rows = await rowsOf<{
    operator_id: string;
    online: boolean | null;
    status: 'in_work' | 'break' | null;
  }>(
    tx.execute(sql`
    select operator_id,
      (select p.online from report_presence_changes p
        where p.org_id = ${orgId} and p.operator_id = o.operator_id and p.online is not null
          and p.at < ${start.toISOString()}::timestamptz
        order by p.at desc limit 1) as online,
      (select p.status from report_presence_changes p
        where p.org_id = ${orgId} and p.operator_id = o.operator_id and p.status is not null
          and p.at < ${start.toISOString()}::timestamptz
        order by p.at desc limit 1) as status
    from (select distinct operator_id from report_presence_changes
          where org_id = ${orgId} and at < ${start.toISOString()}::timestamptz) o`),
  );
  return new Map(
    rows.map((row) => [
      row.operator_id,
      { online: row.online ?? false, status: row.status ?? 'break' },
    ]),
  );
}

/** Working-time roll-up rows of `[start, end)` from the stored presence changes. */
export async function workingTimeRows(
  tx: Tx | Db,
  orgId: string,
  zone: string,
  span: { start: number; end: number },
): Promise<DailyRollup[]> {
  if (span.end <= span.start) return [];
  const start = new Date(span.start);
  const initial = await presenceBefore(tx, orgId, start);
  const changes = await tx
    .select({
      operatorId: reportPresenceChanges.operatorId,
      at: reportPresenceChanges.at,
      online: reportPresenceChanges.online,
      status: reportPresenceChanges.status,
    })
    .from(reportPresenceChanges)
    .where(
      and(
        eq(reportPresenceChanges.orgId, orgId),
        gte(reportPresenceChanges.at, start),
        lt(reportPresenceChanges.at, new Date(span.end)),
      ),
    )
    .orderBy(asc(reportPresenceChanges.at));
  return rollUp(orgId, zone, workingTime(changes.map(asChange), span, zone, initial));
}

/** Replaces the working-time rows of the finished days `from`…`to`. */
async function rebuildWorkingDays(
  tx: Tx,
  orgId: string,
  zone: string,
  from: LocalDay,
  to: LocalDay,
): Promise<void> {
  if (to < from) return;
  const rows = await workingTimeRows(tx, orgId, zone, {
    start: dayStart(from, zone),
    end: dayStart(addDays(to, 1), zone),
  });
  await tx
    .delete(reportRollups)
    .where(
      and(
        eq(reportRollups.orgId, orgId),
        eq(reportRollups.source, 'working'),
        gte(reportRollups.day, from),
        lte(reportRollups.day, to),
      ),
    );
  await insertInBatches(rows, (batch) =>
    tx.insert(reportRollups).values(batch.map((row) => rollupRecord(row, 'working'))),
  );
}

/** The presence changes before the end of `day` are in the roll-ups: no longer pending. */
async function presenceRolledUpThrough(tx: Tx, orgId: string, zone: string, day: LocalDay) {
  await tx
    .update(reportPresenceChanges)
    .set({ pending: false })
    .where(
      and(
        eq(reportPresenceChanges.orgId, orgId),
        eq(reportPresenceChanges.pending, true),
        lt(reportPresenceChanges.at, new Date(dayStart(addDays(day, 1), zone))),
      ),
    );
}

/**
 * Rolls up working time of the days that finished since the last time (working time runs to
 * "now", so only finished days get rows; today's is computed when a report asks), and again of
 * any finished day a late presence change fell on.
 */
export async function closeWorkingDays(db: Db, orgId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganizationShared(tx, orgId);
    await lockDay(tx, orgId, 'working', '*');
    const zone = await zoneOf(tx, orgId);
    if (!zone) return;
    const yesterday = addDays(localDay(now.getTime(), zone), -1);
    const [state] = await tx.select().from(reportState).where(eq(reportState.orgId, orgId));
    const [pending] = await tx
      .select({ at: sql<unknown>`min(${reportPresenceChanges.at})` })
      .from(reportPresenceChanges)
      .where(and(eq(reportPresenceChanges.orgId, orgId), eq(reportPresenceChanges.pending, true)));
    const pendingDay = pending?.at ? localDay(instant(pending.at), zone) : null;
    const through = state?.workingThrough ?? null;
    let from = through === null ? pendingDay : addDays(through, 1);
    if (pendingDay !== null && from !== null && pendingDay < from) from = pendingDay;
    if (from !== null && from <= yesterday) {
      await rebuildWorkingDays(tx, orgId, zone, from, yesterday);
      await presenceRolledUpThrough(tx, orgId, zone, yesterday);
    }
    if (through === null || through < yesterday)
      await tx
        .insert(reportState)
        .values({ orgId, workingThrough: yesterday })
        .onConflictDoUpdate({ target: reportState.orgId, set: { workingThrough: yesterday } });
  });
}

// ---------------------------------------------------------------------------------------------
// Whole organizations

const REBUILD_BATCH = 1000;

/**
 * Rebuilds every roll-up of an organization from its chats and presence changes, in its current
 * zone: after a time-zone change, and once for data that predates the roll-ups (the demo and
 * benchmark organizations are seeded without commands). Idempotent: it replaces all it built.
 */
export async function rebuildOrganization(
  db: Db,
  orgId: string,
  now: Date,
  options: { onlyIfNeeded?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganizationAlone(tx, orgId);
    // Another instance (or a report) may have rebuilt it while this one waited for the lock.
    if (options.onlyIfNeeded && !(await needsRebuild(tx, orgId))) return;
    const [org] = await tx
      .select({ timeZone: organizations.timeZone, requested: reportState.rebuildRequested })
      .from(organizations)
      .leftJoin(reportState, eq(reportState.orgId, organizations.id))
      .where(eq(organizations.id, orgId));
    if (!org) return;
    const zone = org.timeZone;
    const generation = org.requested ?? 0;
    await tx.delete(reportChatObservations).where(eq(reportChatObservations.orgId, orgId));
    await tx.delete(reportRollups).where(eq(reportRollups.orgId, orgId));
    const all: Observation[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.orgId, orgId), sql`${chats.id} > ${after}`))
        .orderBy(asc(chats.id))
        .limit(REBUILD_BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]?.id ?? after;
      const observed = await observeChats(
        tx,
        orgId,
        zone,
        batch.map((chat) => chat.id),
      );
      const rows: (typeof reportChatObservations.$inferInsert)[] = [];
      for (const [chatId, byDay] of observed)
        for (const [day, observations] of byDay) {
          rows.push({ chatId, day, orgId, observations });
          for (const o of observations) all.push(o);
        }
      await insertInBatches(rows, (part) => tx.insert(reportChatObservations).values(part));
    }
    all.sort((a, b) => a.at - b.at);
    await insertInBatches(rollUp(orgId, zone, all), (batch) =>
      tx.insert(reportRollups).values(batch.map((row) => rollupRecord(row, 'chats'))),
    );
    await copyLoggedPresence(tx, orgId);
    // Working time of every finished day since the first presence change.
    const yesterday = addDays(localDay(now.getTime(), zone), -1);
    const [first] = await tx
      .select({ at: sql<unknown>`min(${reportPresenceChanges.at})` })
      .from(reportPresenceChanges)
      .where(eq(reportPresenceChanges.orgId, orgId));
    if (first?.at) {
      await rebuildWorkingDays(tx, orgId, zone, localDay(instant(first.at), zone), yesterday);
      await presenceRolledUpThrough(tx, orgId, zone, yesterday);
    }
    const state = {
      builtZone: zone,
      workingThrough: yesterday,
      rebuiltGeneration: generation,
      rebuiltAt: now,
    };
    await tx
      .insert(reportState)
      .values({ orgId, rebuildRequested: generation, ...state })
      .onConflictDoUpdate({ target: reportState.orgId, set: state });
  });
}

/**
 * Copies the presence events still in the log (pruned after 30 days) that the copy table lacks:
 * those from before this table existed. Keyed by the event's id, so running it again adds nothing.
 */
async function copyLoggedPresence(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`
    insert into report_presence_changes (id, org_id, operator_id, at, online, status)
    select e.id, e.org_id, (e.data->>'userId')::uuid, e.at,
      case when e.type = 'user.updated' then (e.data->>'online')::boolean end,
      case when e.type = 'operator.statusChanged' then e.data->>'status' end
    from events e
    where e.org_id = ${orgId}
      and e.data->>'userId' ~ '^[0-9a-fA-F-]{36}$'
      and ((e.type = 'operator.statusChanged' and e.data->>'status' in ('in_work', 'break'))
        or (e.type = 'user.updated' and jsonb_typeof(e.data->'online') = 'boolean'))
    on conflict (id) do nothing`);
}

/** Whether an organization's roll-ups must be rebuilt: never built, or asked for since. */
export async function needsRebuild(db: Db | Tx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({
      zone: organizations.timeZone,
      builtZone: reportState.builtZone,
      requested: reportState.rebuildRequested,
      built: reportState.rebuiltGeneration,
    })
    .from(organizations)
    .leftJoin(reportState, eq(reportState.orgId, organizations.id))
    .where(eq(organizations.id, orgId));
  if (!row) return false;
  return (
    row.builtZone === null || row.builtZone !== row.zone || (row.requested ?? 0) > (row.built ?? -1)
  );
}

/** Organizations whose roll-ups must be rebuilt (see needsRebuild). */
export async function organizationsToRebuild(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .leftJoin(reportState, eq(reportState.orgId, organizations.id))
    .where(
      sql`${reportState.builtZone} is null or ${reportState.builtZone} <> ${organizations.timeZone}
        or ${reportState.rebuildRequested} > ${reportState.rebuiltGeneration}`,
    );
  return rows.map((row) => row.id);
}

/** Asks for an organization's rebuild (a new time zone), in the caller's transaction. */
export async function requestRebuild(tx: Tx, orgId: string): Promise<void> {
  await tx
    .insert(reportState)
    .values({ orgId, rebuildRequested: 1 })
    .onConflictDoUpdate({
      target: reportState.orgId,
      set: { rebuildRequested: sql`${reportState.rebuildRequested} + 1` },
    });
}

/**
 * Brings one organization's roll-ups up to what has committed: a rebuild if one is owed, its
 * dirty chats, its finished days' working time. A report runs it first, so the numbers it shows
 * include every command committed before it was asked for. True when it rolled chats up (the
 * worker then owes the organization's today's figures: it did not see these chats).
 */
export async function catchUp(db: Db, orgId: string, now: Date): Promise<boolean> {
  // One look at what is owed; usually nothing (the worker is ahead), and then that is all.
  const status = await rowsOf<{
    time_zone: string;
    built_zone: string | null;
    requested: number | null;
    built: number | null;
    working_through: string | null;
    dirty: boolean;
    pending_at: unknown;
  }>(
    db.execute(sql`
      select o.time_zone, s.built_zone, s.rebuild_requested as requested,
        s.rebuilt_generation as built, s.working_through,
        exists(select 1 from report_dirty_chats d where d.org_id = o.id) as dirty,
        (select min(p.at) from report_presence_changes p where p.org_id = o.id and p.pending)
          as pending_at
      from organizations o left join report_state s on s.org_id = o.id
      where o.id = ${orgId}`),
  );
  const row = status[0];
  if (!row) return false;
  let rolledUp = false;
  const rebuild =
    row.built_zone === null ||
    row.built_zone !== row.time_zone ||
    (row.requested ?? 0) > (row.built ?? -1);
  if (rebuild) {
    await rebuildOrganization(db, orgId, now, { onlyIfNeeded: true });
    rolledUp = true;
  }
  if (row.dirty)
    // Bounded: a backlog bigger than this is the worker's; the report shows what is done.
    for (let round = 0; round < 20; round++) {
      if ((await processDirtyChats(db, now, { orgId, limit: 500 })) === 0) break;
      rolledUp = true;
    }
  const yesterday = addDays(localDay(now.getTime(), row.time_zone), -1);
  const through = rebuild ? yesterday : row.working_through;
  const pendingDay =
    row.pending_at === null ? null : localDay(instant(row.pending_at), row.time_zone);
  if (through === null || through < yesterday || (pendingDay !== null && pendingDay <= through))
    await closeWorkingDays(db, orgId, now);
  return rolledUp;
}
