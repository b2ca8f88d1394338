import { and, eq } from 'drizzle-orm';
import { channels, chats, teams, users, type timers } from '../../db/schema';
import { teamGroup, ORG_GROUP } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { updateChat, type ChatRecord } from '../chats/chat-access';
import { closeChat } from '../chats/chat-close';
import { sendAutoReply } from './auto-replies';
import { earnedExpiry, nextExpiry } from './expiry';
import { operatorTeams } from './operator-teams';
import { lockDistribution, teamCandidates } from './serve-queue';
import {
  autoBreakDue,
  autoCloseDue,
  redistributionDue,
  waitingReplyDue,
  WAITING_REPLY_MARK,
} from './timers-due';

export type Timer = typeof timers.$inferSelect;

/**
 * Does what a due timer stands for, if its rule still holds: each rule is decided again from the
 * current state (a timer is only a hint), and the subject's timers are set anew afterwards.
 */
export async function fireTimer(scope: CommandScope, timer: Timer): Promise<void> {
  if (timer.kind === 'user.autoBreak') {
    scope.touchedUsers.add(timer.subjectId);
    await autoBreak(scope, timer.subjectId);
    return;
  }
  scope.touchedChats.add(timer.subjectId);
  const [chat] = await scope.tx
    .select()
    .from(chats)
    .where(and(eq(chats.id, timer.subjectId), eq(chats.orgId, scope.orgId)))
    .for('update');
  if (!chat || chat.status === 'closed') return;
  switch (timer.kind) {
    case 'chat.expiry':
      return raiseExpiry(scope, chat);
    case 'chat.redistribute':
      return redistribute(scope, chat);
    case 'chat.autoClose':
      return autoClose(scope, chat);
    case 'chat.autoReply':
      return waitingReply(scope, chat);
  }
}

async function teamOf(scope: CommandScope, chat: ChatRecord) {
  if (!chat.teamId) return undefined;
  const [team] = await scope.tx.select().from(teams).where(eq(teams.id, chat.teamId));
  return team;
}

/** Yellow, then red: the customer has waited past the channel's thresholds. Never back. */
async function raiseExpiry(scope: CommandScope, chat: ChatRecord): Promise<void> {
  if (!chat.unansweredSince) return;
  const [channel] = await scope.tx
    .select({
      halfExpiredMinutes: channels.halfExpiredMinutes,
      expiredMinutes: channels.expiredMinutes,
    })
    .from(channels)
    .where(eq(channels.id, chat.channelId));
  if (!channel) return;
  const expiry = nextExpiry(chat.expiry, earnedExpiry(chat.unansweredSince, channel, scope.now));
  if (expiry === chat.expiry) return;
  const updated = await updateChat(scope, chat.id, { expiry });
  scope.emit(
    'chat.expiryChanged',
    { chatId: chat.id, from: chat.expiry, expiry },
    await chatMoveChanges(scope.tx, chat, updated),
  );
}

/** The operator did not answer in the team's time: the chat goes back to the queue, to someone else. */
async function redistribute(scope: CommandScope, chat: ChatRecord): Promise<void> {
  const team = await teamOf(scope, chat);
  if (!team || chat.status !== 'assigned' || !chat.operatorId || !chat.assignedAt) return;
  const due = redistributionDue(
    {
      assignedAt: chat.assignedAt,
      lastClientMessageAt: chat.lastClientMessageAt,
      lastOperatorMessageAt: chat.lastOperatorMessageAt,
    },
    team.redistributionMinutes,
    scope.now,
    chat.unansweredSince,
  );
  if (!due.now) return;
  const operatorId = chat.operatorId;
  const updated = await updateChat(scope, chat.id, {
    status: 'pending',
    operatorId: null,
    assignedAt: null,
    // It keeps its place: the customer has been waiting since their unanswered message.
    queuedAt: chat.unansweredSince ?? scope.now,
  });
  const changes = await chatMoveChanges(scope.tx, chat, updated, new Set([teamGroup(team.id)]));
  changes.push(
    await addHistory(scope, updated, 'unassigned', {
      operatorId,
      reason: 'no_reply',
      minutes: team.redistributionMinutes,
    }),
  );
  scope.emit('chat.unassigned', { chatId: chat.id, operatorId, reason: 'no_reply' }, changes);
  scope.avoidOperator.set(chat.id, operatorId);
  scope.serveTeams([team.id, ...(await operatorTeams(scope, operatorId))]);
}

async function autoClose(scope: CommandScope, chat: ChatRecord): Promise<void> {
  const team = await teamOf(scope, chat);
  if (!team) return;
  const due = autoCloseDue(chat, team, scope.now);
  if (!due.now) return;
  await closeChat(scope, chat, { categoryId: chat.categoryId, reason: due.reason });
}

/** Operators online or offline, whichever is true of the chat's team right now; once per chat. */
async function waitingReply(scope: CommandScope, chat: ChatRecord): Promise<void> {
  const [channel] = await scope.tx
    .select({ waitMinutes: channels.autoReplyWaitMinutes })
    .from(channels)
    .where(eq(channels.id, chat.channelId));
  if (!channel) return;
  const due = waitingReplyDue(chat, chat.autoRepliesSent, channel.waitMinutes, true, scope.now);
  if (!due.now) return;
  const people = chat.teamId ? await teamCandidates(scope, chat.teamId) : [];
  const someoneThere = people.some(
    (person) => person.active && person.status === 'in_work' && person.connected,
  );
  await sendAutoReply(scope, chat, someoneThere ? 'operators_online' : 'operators_offline', [
    WAITING_REPLY_MARK,
  ]);
}

/** No activity for the operator's own timeout: they go on Break and get no new chats. */
async function autoBreak(scope: CommandScope, userId: string): Promise<void> {
  // Before the user's row, as everywhere: distribution may be giving them a chat right now.
  await lockDistribution(scope);
  const [user] = await scope.tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, scope.orgId)))
    .for('update');
  if (!user || !autoBreakDue({ ...user, status: user.operatorStatus }, scope.now).now) return;
  const [row] = await scope.tx
    .update(users)
    .set({ operatorStatus: 'break', updatedAt: scope.now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) return;
  scope.emit('operator.statusChanged', { userId, status: 'break', by: 'auto_break' }, [
    { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
  ]);
}
