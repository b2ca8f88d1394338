import { and, eq, inArray, sql } from 'drizzle-orm';
import { channels, chats, organizations, teams, timers, users } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { chatTimerPlan } from './chat-timer-plan';
import { autoBreakDue } from './timers-due';
import type { TimerKind } from './timer-kinds';

const CHAT_TIMERS: TimerKind[] = [
  'chat.expiry',
  'chat.redistribute',
  'chat.autoClose',
  'chat.autoReply',
];

/** Sets each chat's timers anew from its current state: due times move, vanish or appear. */
export async function scheduleChatTimers(
  scope: CommandScope,
  chatIds: readonly string[],
): Promise<void> {
  if (chatIds.length === 0) return;
  const rows = await scope.tx
    .select({
      chat: chats,
      // Flat, not a nested object: drizzle turns a left-joined object into null when its
      // leading columns are null, which would hide a team whose first settings are off.
      teamId: teams.id,
      redistributionMinutes: teams.redistributionMinutes,
      autoCloseMinutes: teams.autoCloseMinutes,
      inactivityMinutes: teams.inactivityMinutes,
      unattendedCloseHours: teams.unattendedCloseHours,
      halfExpiredMinutes: channels.halfExpiredMinutes,
      expiredMinutes: channels.expiredMinutes,
      autoReplyWaitMinutes: channels.autoReplyWaitMinutes,
      waitingReplyOn: sql<boolean>`('OPTION_AUTO_REPLIES' = any(${organizations.options}) and exists (
        select 1 from auto_replies a where a.channel_id = ${chats.channelId} and a.enabled
          and a.kind in ('operators_online', 'operators_offline')))`,
      // The timers the chat has now, read with it, so only what its plan changes is written.
      current: sql<
        ExistingTimer[] | null
      >`(select json_agg(json_build_object('kind', t.kind, 'dueAt', t.due_at))
        from timers t where t.subject_id = ${chats.id} and t.kind in (${sql.join(
          CHAT_TIMERS.map((kind) => sql`${kind}`),
          sql`, `,
        )}))`,
    })
    .from(chats)
    .innerJoin(channels, eq(channels.id, chats.channelId))
    .innerJoin(organizations, eq(organizations.id, chats.orgId))
    .leftJoin(teams, eq(teams.id, chats.teamId))
    .where(and(eq(chats.orgId, scope.orgId), inArray(chats.id, [...chatIds])));
  const planned = rows.flatMap((row) =>
    chatTimerPlan(
      {
        ...row.chat,
        team:
          row.teamId === null
            ? null
            : {
                redistributionMinutes: row.redistributionMinutes,
                autoCloseMinutes: row.autoCloseMinutes,
                inactivityMinutes: row.inactivityMinutes ?? 0,
                unattendedCloseHours: row.unattendedCloseHours ?? 0,
              },
        thresholds: {
          halfExpiredMinutes: row.halfExpiredMinutes,
          expiredMinutes: row.expiredMinutes,
        },
        autoReplyWaitMinutes: row.autoReplyWaitMinutes,
        waitingReplyOn: row.waitingReplyOn,
      },
      scope.now,
    ).map((timer) => ({
      kind: timer.kind,
      subjectId: row.chat.id,
      orgId: scope.orgId,
      dueAt: timer.dueAt,
    })),
  );
  const existing = rows.flatMap((row) =>
    (row.current ?? []).map((timer) => ({
      kind: timer.kind,
      subjectId: row.chat.id,
      dueAt: new Date(timer.dueAt),
    })),
  );
  // A chat not found (another organization's id) keeps whatever it has: nothing of it is read.
  await writeTimerChanges(scope, timerChanges(existing, planned));
}

type ExistingTimer = { kind: TimerKind; dueAt: string };
type TimerRow = { kind: TimerKind; subjectId: string; dueAt: Date };
const timerKey = (timer: { kind: string; subjectId: string }) => `${timer.kind} ${timer.subjectId}`;

/** What a new plan changes in the timers there are: those to set (new or moved) and to drop. */
export function timerChanges<T extends TimerRow>(
  existing: readonly TimerRow[],
  planned: readonly T[],
): { set: T[]; drop: TimerRow[] } {
  const before = new Map(existing.map((timer) => [timerKey(timer), timer]));
  const after = new Set(planned.map(timerKey));
  return {
    set: planned.filter(
      (timer) => before.get(timerKey(timer))?.dueAt.getTime() !== timer.dueAt.getTime(),
    ),
    drop: existing.filter((timer) => !after.has(timerKey(timer))),
  };
}

async function writeTimerChanges(
  scope: CommandScope,
  changes: { set: (TimerRow & { orgId: string })[]; drop: TimerRow[] },
): Promise<void> {
  if (changes.drop.length > 0)
    await scope.tx.delete(timers).where(
      sql`(${timers.kind}, ${timers.subjectId}) in (${sql.join(
        changes.drop.map((timer) => sql`(${timer.kind}, ${timer.subjectId}::uuid)`),
        sql`, `,
      )})`,
    );
  if (changes.set.length > 0)
    await scope.tx
      .insert(timers)
      .values(changes.set)
      .onConflictDoUpdate({
        target: [timers.kind, timers.subjectId],
        set: { dueAt: sql`excluded.due_at` },
      });
}

/** Sets each operator's auto-break timer anew. */
export async function scheduleUserTimers(
  scope: CommandScope,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await scope.tx
    .select({
      id: users.id,
      status: users.operatorStatus,
      autoBreakMinutes: users.autoBreakMinutes,
      lastActivityAt: users.lastActivityAt,
      current: sql<string | null>`(select t.due_at from timers t
        where t.subject_id = ${users.id} and t.kind = 'user.autoBreak')`,
    })
    .from(users)
    .where(and(eq(users.orgId, scope.orgId), inArray(users.id, [...userIds])));
  const planned = rows.flatMap((row) => {
    const due = autoBreakDue(row, scope.now);
    const dueAt = due.now ? scope.now : due.at;
    return dueAt === null
      ? []
      : [{ kind: 'user.autoBreak' as const, subjectId: row.id, orgId: scope.orgId, dueAt }];
  });
  const existing = rows.flatMap((row) =>
    row.current === null
      ? []
      : [{ kind: 'user.autoBreak' as const, subjectId: row.id, dueAt: new Date(row.current) }],
  );
  await writeTimerChanges(scope, timerChanges(existing, planned));
}
