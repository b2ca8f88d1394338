import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { chats, clients, roles, teams, users } from '../../db/schema';
import { presenceFreshSince } from '../../sync/presence-window';
import { userGroup } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { updateChat, type ChatRecord } from '../chats/chat-access';
import { mayReceive, planAssignments, type Candidate } from './choose-operator';
import type { QueuedChat } from './queue-order';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';

/**
 * Serializes distribution within an organization until commit. Every assignment that counts
 * against a dialog limit is made under it, so two server instances serving queues at once each
 * see the other's assignments and nobody passes a limit. Taken before the event-log lock, never
 * after it.
 */
export async function lockDistribution(scope: Pick<CommandScope, 'tx' | 'orgId'>): Promise<void> {
  await scope.tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.distribution}, hashtext(${scope.orgId}))`,
  );
}

type TeamCandidate = Candidate & { teamIds: string[] };

/** The team's operators who may be given chats, with what distribution needs to know of them. */
export const teamCandidates = (scope: CommandScope, teamId: string): Promise<TeamCandidate[]> =>
  candidatesWhere(scope, sql`${teamId}::uuid = any(${users.teamIds})`);

/** One operator as distribution sees them, if they may be given chats at all. */
export async function operatorCandidate(
  scope: CommandScope,
  userId: string,
): Promise<TeamCandidate | undefined> {
  const [candidate] = await candidatesWhere(scope, eq(users.id, userId));
  return candidate;
}

async function candidatesWhere(scope: CommandScope, filter: SQL): Promise<TeamCandidate[]> {
  const freshSince = presenceFreshSince(scope.now);
  const rows = await scope.tx
    .select({
      id: users.id,
      active: users.active,
      status: users.operatorStatus,
      teamIds: users.teamIds,
      lastAssignedAt: users.lastAssignedAt,
      openDialogs: sql<number>`(select count(*)::int from chats c
        where c.org_id = ${scope.orgId} and c.operator_id = ${users.id} and c.status = 'assigned')`,
      connected: sql<boolean>`exists (select 1 from presence p
        where p.user_id = ${users.id} and p.connections > 0 and p.seen_at > ${freshSince}::timestamptz)`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.orgId, scope.orgId),
        eq(users.active, true),
        filter,
        sql`'AUTHORITY_CHAT_DISTRIBUTION' = any(${roles.rights})`,
      ),
    );
  return rows.map((row) => ({
    ...row,
    lastAssignedAt: row.lastAssignedAt?.toISOString() ?? null,
  }));
}

/**
 * Gives a chat to an operator: by distribution from its team's queue, or by a routing rule.
 * `alreadySees`: the operator receives the chat's team already, so holds its thread.
 */
export async function assignChat(
  scope: CommandScope,
  chat: ChatRecord,
  operatorId: string,
  by: 'distribution' | 'routing',
  alreadySees: boolean,
  assignedAt: Date = scope.now,
): Promise<ChatRecord> {
  const updated = await updateChat(scope, chat.id, {
    status: 'assigned',
    operatorId,
    assignedAt: scope.now,
    queuedAt: null,
  });
  await scope.tx.update(users).set({ lastAssignedAt: assignedAt }).where(eq(users.id, operatorId));
  const changes = await chatMoveChanges(
    scope.tx,
    chat,
    updated,
    new Set(alreadySees ? [userGroup(operatorId)] : []),
  );
  changes.push(await addHistory(scope, updated, 'assigned', { operatorId, by }));
  scope.emit('chat.assigned', { chatId: chat.id, operatorId, by }, changes);
  return updated;
}

/**
 * A spam client's chats stay in the queue unserved until the flag is lifted (issue 18 item 4);
 * clients.spam is rarely true, so the primary-key probe per waiting chat is cheap.
 */
const notSpam = sql`not exists (select 1 from ${clients}
  where ${clients.id} = ${chats.clientId} and ${clients.spam})`;

/** Serves one team's queue as far as its operators' limits allow. */
async function serveTeam(scope: CommandScope, teamId: string): Promise<void> {
  const [team] = await scope.tx
    .select({ method: teams.distributionMethod, dialogLimit: teams.dialogLimit })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, scope.orgId)));
  if (!team) return;
  const candidates = await teamCandidates(scope, teamId);
  const room = candidates
    .filter((candidate) => mayReceive(candidate, team.dialogLimit))
    .reduce((sum, candidate) => sum + (team.dialogLimit - candidate.openDialogs), 0);
  if (room === 0) return;
  // The most urgent first, as many as there is room for; chats another transaction holds are
  // left to it (it serves the queue again when it is done with them).
  const waiting = await scope.tx
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.orgId, scope.orgId),
        eq(chats.teamId, teamId),
        eq(chats.status, 'pending'),
        isNull(chats.operatorId),
        notSpam,
      ),
    )
    .orderBy(
      sql`case ${chats.expiry} when 'expired' then 0 when 'half_expired' then 1 else 2 end`,
      sql`coalesce(${chats.queuedAt}, ${chats.createdAt})`,
      chats.id,
    )
    .limit(room + scope.avoidOperator.size)
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return;
  const queue: QueuedChat[] = waiting.map((chat) => ({
    id: chat.id,
    expiry: chat.expiry,
    waitingSince: (chat.queuedAt ?? chat.createdAt).toISOString(),
    avoidOperatorId: scope.avoidOperator.get(chat.id) ?? null,
  }));
  const plan = planAssignments(
    queue,
    candidates,
    team.method,
    team.dialogLimit,
    scope.now.toISOString(),
  );
  const byId = new Map(waiting.map((chat) => [chat.id, chat]));
  let step = 0;
  for (const { chatId, operatorId } of plan) {
    const chat = byId.get(chatId);
    if (!chat) continue;
    // A millisecond apart, so the rotation keeps the order of this pass too.
    const at = new Date(scope.now.getTime() + step);
    step += 1;
    await assignChat(scope, chat, operatorId, 'distribution', true, at);
  }
}

/**
 * Serves every team the work asked for, under the organization's distribution lock. Serving one
 * team can free nobody else, so a single pass over the asked teams is enough.
 */
export async function serveQueues(scope: CommandScope): Promise<void> {
  if (scope.teamsToServe.size === 0) return;
  await lockDistribution(scope);
  const teamIds = [...scope.teamsToServe].sort();
  scope.teamsToServe.clear();
  for (const teamId of teamIds) await serveTeam(scope, teamId);
}
