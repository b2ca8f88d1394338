import type { ChatHistoryEntry } from '../entities/chat';
import type { Message } from '../entities/message';
import { chatTimeline, type ChatTimeline, type HistoryLine, type MessageLine } from './facts';

/**
 * Stored rows for the metric tests, shaped as server/domain writes them (chat_history lines with
 * their `data`, messages with their author), so the tests read what the system really stores.
 */

export const MINUTE = 60_000;

/** A chat_history line at `at` (epoch ms), stored as a Date as the database returns it. */
export const line = (
  kind: ChatHistoryEntry['kind'],
  at: number,
  data: Record<string, unknown> = {},
  actorId: string | null = null,
): HistoryLine => ({ kind, at: new Date(at), data, actorId });

/** A message at `at`, stored with an ISO time as a synced row carries it. */
export const message = (
  authorKind: Message['authorKind'],
  at: number,
  authorId: string | null = null,
  internal = false,
): MessageLine => ({ authorKind, createdAt: new Date(at).toISOString(), authorId, internal });

export const client = (at: number): MessageLine => message('client', at);
export const reply = (operatorId: string, at: number): MessageLine =>
  message('operator', at, operatorId);
export const note = (operatorId: string, at: number): MessageLine =>
  message('operator', at, operatorId, true);
export const bot = (at: number): MessageLine => message('bot', at);

/** History lines as the handlers write them. */
export const lines = {
  /** message.receive: a customer's message opened the chat in `teamId`'s queue. */
  created: (at: number, teamId: string | null, channelId = 'ch-1') =>
    line('created', at, { channelId, teamId, ruleId: null }),
  /** chat.create: a staff member started it (the line names no team). */
  createdByStaff: (at: number, operatorId: string, channelId = 'ch-1') =>
    line('created', at, { channelId, byStaff: true }, operatorId),
  /** serve-queue / routing (actor: the system), chat.take or a reply that took it (the taker). */
  assigned: (at: number, operatorId: string, actorId: string | null = null) =>
    line('assigned', at, actorId ? { operatorId } : { operatorId, by: 'distribution' }, actorId),
  toBot: (at: number, botId: string) => line('assigned', at, { botId }),
  /** Redistribution: no reply in the team's time (actor: the system). */
  unassigned: (at: number, operatorId: string, actorId: string | null = null) =>
    line('unassigned', at, { operatorId, reason: 'no_reply' }, actorId),
  toOperator: (at: number, from: string | null, to: string, actorId: string | null) =>
    line('transferred', at, { fromOperatorId: from, toOperatorId: to }, actorId),
  toTeam: (at: number, fromTeamId: string | null, toTeamId: string, actorId: string | null) =>
    line('transferred', at, { fromTeamId, toTeamId }, actorId),
  /** A close by a person (actor) or by the system for `reason`. */
  closed: (at: number, actorId: string | null, reason?: string, categoryId: string | null = null) =>
    line('closed', at, reason ? { categoryId, reason } : { categoryId }, actorId),
  closedByBot: (at: number) => line('closed', at, { categoryId: null, by: 'bot' }),
  reopened: (at: number, teamId: string | null) => line('reopened', at, { teamId }),
  rated: (at: number, rating: number) => line('rated', at, { rating }),
};

/** A chat from its rows; messages and lines in any order. */
export function chatOf(
  id: string,
  rows: (HistoryLine | MessageLine)[],
  attributes: { channelId?: string; clientId?: string; teamId?: string | null } = {},
): ChatTimeline {
  const history = rows.filter((row): row is HistoryLine => 'kind' in row);
  const messages = rows.filter((row): row is MessageLine => 'authorKind' in row);
  return chatTimeline(
    {
      id,
      channelId: attributes.channelId ?? 'ch-1',
      clientId: attributes.clientId ?? `client-of-${id}`,
      teamId: attributes.teamId ?? 'team-1',
    },
    history,
    messages,
  );
}
