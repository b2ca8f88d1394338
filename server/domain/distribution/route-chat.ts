import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { chats, clients, organizations, routingRules, teams, users } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import type { ChatRecord } from '../chats/chat-access';
import { detectIntents } from './intents';
import { storedRule } from './stored-rules';
import { matchRule, resolveAction, type RoutingPeople } from './routing-rules';
import { mayReceive } from './choose-operator';
import { assignChat, lockDistribution, operatorCandidate } from './serve-queue';

/** Where a new chat goes: a person, a team's queue, or nowhere yet (a channel without a team). */
export type Route =
  | { kind: 'operator'; id: string; ruleId: string | null }
  /** A chat bot: the chat is given to it once opened, or queued when it has no published version. */
  | { kind: 'bot'; id: string; ruleId: string | null }
  | { kind: 'team'; id: string; ruleId: string | null }
  | { kind: 'none'; ruleId: string | null };

/** The active operators a rule (or a bot's final action) may name for this client on this channel. */
export async function routingPeople(
  scope: CommandScope,
  channel: { id: string; teamId: string | null },
  clientId: string,
): Promise<RoutingPeople> {
  const [last] = await scope.tx
    .select({ id: chats.operatorId })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.operatorId))
    .where(
      and(
        eq(chats.clientId, clientId),
        eq(chats.channelId, channel.id),
        isNotNull(chats.operatorId),
        eq(users.active, true),
      ),
    )
    .orderBy(desc(chats.createdAt))
    .limit(1);
  const [manager] = await scope.tx
    .select({ id: users.id })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.personalManagerId))
    .where(and(eq(clients.id, clientId), eq(users.active, true)));
  return {
    lastExecutorId: last?.id ?? null,
    personalManagerId: manager?.id ?? null,
    defaultTeamId: channel.teamId,
  };
}

/**
 * Decides a new chat's route by its channel's rules (spec §3). Rules other than the default one
 * count only with the routing option. The default rule follows the channel's team, so a channel
 * moved to another team routes there without touching its rules. A chat-bot route gives the new
 * chat to the bot (server/domain/chatbots/bot-runtime.ts).
 */
export async function decideRoute(
  scope: CommandScope,
  channel: { id: string; teamId: string | null },
  clientId: string,
  text: string,
): Promise<Route> {
  const channelTeam = (ruleId: string | null): Route =>
    channel.teamId ? { kind: 'team', id: channel.teamId, ruleId } : { kind: 'none', ruleId };
  const rows = await scope.tx
    .select({
      rule: routingRules,
      routing: sql<boolean>`'OPTION_ROUTING' = any(${organizations.options})`,
    })
    .from(routingRules)
    .innerJoin(organizations, eq(organizations.id, routingRules.orgId))
    .where(and(eq(routingRules.channelId, channel.id), eq(routingRules.orgId, scope.orgId)));
  const rules = rows
    .filter((row) => row.rule.isDefault || row.routing)
    .map((row) => storedRule(row.rule));
  if (rules.every((rule) => rule.isDefault)) return channelTeam(rules[0]?.id ?? null);

  const [earlier] = await scope.tx
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.clientId, clientId),
        eq(chats.channelId, channel.id),
        eq(chats.status, 'closed'),
      ),
    )
    .limit(1);
  const rule = matchRule(rules, {
    chatStatus: earlier ? 'repeat' : 'new',
    messageType: 'client',
    intents: detectIntents(text),
  });
  if (!rule || rule.isDefault) return channelTeam(rule?.id ?? null);
  const destination = resolveAction(rule.action, await routingPeople(scope, channel, clientId));
  if (!destination) return channelTeam(rule.id);
  return { ...destination, ruleId: rule.id };
}

/**
 * Gives a new chat to the person its rule named, when that person may take it now (In work,
 * connected, below the limit of the chat's team); otherwise it waits in the team's queue, so a
 * customer never waits on someone who is away. Returns false when the chat should be queued.
 */
export async function giveToRoutedOperator(
  scope: CommandScope,
  chat: ChatRecord,
  operatorId: string,
): Promise<boolean> {
  await lockDistribution(scope);
  const [team] = chat.teamId
    ? await scope.tx
        .select({ dialogLimit: teams.dialogLimit })
        .from(teams)
        .where(eq(teams.id, chat.teamId))
    : [];
  // A chat without a team has no limit to keep.
  const dialogLimit = team?.dialogLimit ?? Number.MAX_SAFE_INTEGER;
  const person = await operatorCandidate(scope, operatorId);
  if (!person || !mayReceive(person, dialogLimit)) return false;
  const seesTeam = chat.teamId !== null && person.teamIds.includes(chat.teamId);
  await assignChat(scope, chat, operatorId, 'routing', seesTeam);
  return true;
}
