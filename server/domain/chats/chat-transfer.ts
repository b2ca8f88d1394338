import { and, eq } from 'drizzle-orm';
import type { CommandPayload, Right } from '../../../src/protocol';
import { roles, teams, users } from '../../db/schema';
import { teamGroup, userGroup } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { addHistory, chatMoveChanges } from './chat-changes';
import { handlesChat, inViewerQueue, lockChat, updateChat } from './chat-access';
import { requireViewer } from '../core/require-viewer';
import { operatorTeams } from '../distribution/operator-teams';
import { requireOption } from '../core/require-option';
import { startBot } from '../chatbots/bot-runtime';
import { endBotSession } from '../chatbots/bot-session';

/**
 * Hands a chat to another operator (it stays in its team), to a team's queue (it waits there
 * unassigned) or to a published chat bot (it holds the chat until its final action). Those who
 * lose sight of it receive a delete. A chat a bot holds may be taken from it the same way: the
 * bot's conversation ends.
 */
export async function chatTransfer(
  scope: CommandScope,
  payload: CommandPayload<'chat.transfer'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  const chat = await lockChat(scope, payload.chatId);
  if (chat.status === 'closed') fail('CHAT_TRANSFER_IMPOSSIBLE');
  if (!handlesChat(viewer, chat) && !inViewerQueue(viewer, chat)) fail('CHAT_NOT_ASSIGNED_TO_YOU');

  if ('botId' in payload.to) {
    await requireOption(scope, 'OPTION_CHAT_BOT');
    if (chat.botId === payload.to.botId) fail('CHAT_TRANSFER_IMPOSSIBLE');
    // Only a published bot of the organization takes chats; any other answers as not found.
    if (!(await startBot(scope, chat, payload.to.botId, 'transfer'))) fail('CHATBOT_NOT_FOUND');
    return;
  }
  if (chat.botId) await endBotSession(scope, chat.id);

  if ('operatorId' in payload.to) {
    const operatorId = payload.to.operatorId;
    const [target] = await scope.tx
      .select({ id: users.id, active: users.active, teamIds: users.teamIds, rights: roles.rights })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, operatorId), eq(users.orgId, scope.orgId)));
    if (!target?.active) fail('OPERATOR_NOT_FOUND');
    const rights = new Set(target.rights as Right[]);
    if (!rights.has('AUTHORITY_CHAT_DISTRIBUTION') || chat.operatorId === target.id)
      fail('CHAT_TRANSFER_IMPOSSIBLE');
    if (chat.operatorId) scope.serveTeams(await operatorTeams(scope, chat.operatorId));
    const updated = await updateChat(scope, chat.id, {
      status: 'assigned',
      operatorId: target.id,
      assignedAt: scope.now,
      queuedAt: null,
      botId: null,
    });
    const alreadySees =
      rights.has('AUTHORITY_ALL_CHATS') ||
      (chat.teamId !== null && target.teamIds.includes(chat.teamId));
    const changes = await chatMoveChanges(
      scope.tx,
      chat,
      updated,
      new Set(alreadySees ? [userGroup(target.id)] : []),
    );
    changes.push(
      await addHistory(scope, updated, 'transferred', {
        fromOperatorId: chat.operatorId,
        toOperatorId: target.id,
        ...(chat.botId ? { fromBotId: chat.botId } : {}),
      }),
    );
    scope.emit(
      'chat.transferred',
      { chatId: chat.id, fromOperatorId: chat.operatorId, toOperatorId: target.id },
      changes,
    );
    return;
  }

  const teamId = payload.to.teamId;
  const [team] = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, scope.orgId)));
  if (!team) fail('TEAM_NOT_FOUND');
  if (chat.status === 'pending' && chat.teamId === team.id) fail('CHAT_TRANSFER_IMPOSSIBLE');
  const updated = await updateChat(scope, chat.id, {
    status: 'pending',
    operatorId: null,
    teamId: team.id,
    assignedAt: null,
    queuedAt: scope.now,
    botId: null,
  });
  // The team's queue is served at once; the operator who handed it over has room again.
  scope.serveTeams([team.id]);
  if (chat.operatorId) scope.serveTeams(await operatorTeams(scope, chat.operatorId));
  const changes = await chatMoveChanges(
    scope.tx,
    chat,
    updated,
    new Set(chat.teamId === team.id ? [teamGroup(team.id)] : []),
  );
  if (chat.operatorId) {
    changes.push(await addHistory(scope, updated, 'unassigned', { operatorId: chat.operatorId }));
  }
  changes.push(
    await addHistory(scope, updated, 'transferred', {
      fromTeamId: chat.teamId,
      toTeamId: team.id,
      ...(chat.botId ? { fromBotId: chat.botId } : {}),
    }),
  );
  scope.emit(
    'chat.transferred',
    { chatId: chat.id, fromTeamId: chat.teamId, toTeamId: team.id },
    changes,
  );
}
