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
    })
    .from(chats)
    .innerJoin(channels, eq(channels.id, chats.channelId))
    .innerJoin(organizations, eq(organizations.id, chats.orgId))
    .leftJoin(teams, eq(teams.id, chats.teamId))
    .where(and(eq(chats.orgId, scope.orgId), inArray(chats.id, [...chatIds])));
  await scope.tx
    .delete(timers)
    .where(and(inArray(timers.subjectId, [...chatIds]), inArray(timers.kind, CHAT_TIMERS)));
  const values = rows.flatMap((row) =>
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
  if (values.length > 0) await scope.tx.insert(timers).values(values);
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
    })
    .from(users)
    .where(and(eq(users.orgId, scope.orgId), inArray(users.id, [...userIds])));
  await scope.tx
    .delete(timers)
    .where(and(inArray(timers.subjectId, [...userIds]), eq(timers.kind, 'user.autoBreak')));
  const values = rows.flatMap((row) => {
    const due = autoBreakDue(row, scope.now);
    const dueAt = due.now ? scope.now : due.at;
    return dueAt === null
      ? []
      : [{ kind: 'user.autoBreak' as const, subjectId: row.id, orgId: scope.orgId, dueAt }];
  });
  if (values.length > 0) await scope.tx.insert(timers).values(values);
}
