import { and, eq } from 'drizzle-orm';
import type { BotAction } from '../../../src/protocol';
import { channels, teams, users } from '../../db/schema';
import { teamGroup } from '../../sync/groups';
import type { CommandScope } from '../core/command-scope';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { updateChat, type ChatRecord } from '../chats/chat-access';
import { closeChat } from '../chats/chat-close';
import { giveToRoutedOperator, routingPeople } from '../distribution/route-chat';
import { endBotSession } from './bot-session';

/**
 * Ends a bot's part in a chat with its final action (spec §3 "bot actions"): closes the chat, or
 * hands it to people — the last operator, an operator, a team, the personal manager — as routing
 * resolves them. A person who is not there (no earlier operator, one deactivated since, no
 * personal manager) or a team deleted since falls back to the channel's team, so the chat always
 * lands in a queue someone watches; `none` goes there too. A named person takes it only if they
 * may now (In work, connected, below the limit); otherwise it waits in the queue.
 */
export async function handOver(
  scope: CommandScope,
  chat: ChatRecord,
  action: BotAction,
): Promise<void> {
  await endBotSession(scope, chat.id);
  if (action.kind === 'close') {
    await closeChat(scope, chat, { categoryId: chat.categoryId, reason: null, byBot: true });
    return;
  }
  const [channel] = await scope.tx
    .select({ teamId: channels.teamId })
    .from(channels)
    .where(eq(channels.id, chat.channelId));
  const channelTeamId = channel?.teamId ?? null;
  const target = await handoverTarget(scope, chat, action, channelTeamId);
  const teamId = target.teamId ?? chat.teamId;
  const updated = await updateChat(scope, chat.id, {
    status: 'pending',
    botId: null,
    operatorId: null,
    teamId,
    assignedAt: null,
    queuedAt: scope.now,
    // From now the customer waits for a person: the urgency clock starts at the handover.
    unansweredSince: scope.now,
  });
  const changes = await chatMoveChanges(
    scope.tx,
    chat,
    updated,
    new Set(chat.teamId !== null && chat.teamId === teamId ? [teamGroup(chat.teamId)] : []),
  );
  changes.push(
    await addHistory(scope, updated, 'transferred', {
      fromBotId: chat.botId,
      fromTeamId: chat.teamId,
      toTeamId: teamId,
      action: action.kind,
    }),
  );
  scope.emit(
    'chat.transferred',
    { chatId: chat.id, fromBotId: chat.botId, toTeamId: teamId, action: action.kind },
    changes,
  );
  scope.touchedChats.add(chat.id);
  if (
    target.operatorId === null ||
    !(await giveToRoutedOperator(scope, updated, target.operatorId))
  )
    scope.serveTeams([teamId]);
}

/** Whom a final action names, resolved now: a person (in the chat's team) or a team. */
async function handoverTarget(
  scope: CommandScope,
  chat: ChatRecord,
  action: Exclude<BotAction, { kind: 'close' }>,
  channelTeamId: string | null,
): Promise<{ operatorId: string | null; teamId: string | null }> {
  const toChannel = { operatorId: null, teamId: channelTeamId };
  switch (action.kind) {
    case 'none':
      return toChannel;
    case 'team': {
      if (action.teamId === null) return toChannel;
      const [team] = await scope.tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, action.teamId), eq(teams.orgId, scope.orgId)));
      return team ? { operatorId: null, teamId: team.id } : toChannel;
    }
    case 'operator':
      return (await activeUser(scope, action.userId))
        ? { operatorId: action.userId, teamId: chat.teamId ?? channelTeamId }
        : toChannel;
    case 'lastOperator':
    case 'personalManager': {
      const people = await routingPeople(
        scope,
        { id: chat.channelId, teamId: channelTeamId },
        chat.clientId,
      );
      // This chat's own last operator first (a chat handed back to the bot), then the client's
      // earlier chats on the channel, as the routing rule's "last executor" reads them.
      const last =
        chat.lastHumanOperatorId !== null && (await activeUser(scope, chat.lastHumanOperatorId))
          ? chat.lastHumanOperatorId
          : people.lastExecutorId;
      const operatorId = action.kind === 'lastOperator' ? last : people.personalManagerId;
      return operatorId === null ? toChannel : { operatorId, teamId: chat.teamId ?? channelTeamId };
    }
  }
}

async function activeUser(scope: CommandScope, userId: string | null): Promise<boolean> {
  if (userId === null) return false;
  const [user] = await scope.tx
    .select({ active: users.active })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, scope.orgId)));
  return user?.active === true;
}
