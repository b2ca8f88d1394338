import type { ChatHistoryEntry } from '../entities/chat';
import type { Message } from '../entities/message';

/**
 * The inputs of every metric: a chat's facts in time order, and operators' presence changes. They
 * are read from what the server stores (chat_history lines, messages, the event log) by the
 * translations below, which are the only place that knows those rows' shapes; the metrics see
 * facts only. Times are epoch milliseconds.
 */

/** How a dialog interval ended (spec §3's close metrics; `spam` is a system close of its own). */
export const CLOSE_CAUSES = [
  'client_inactivity',
  'operator_inactivity',
  'unattended',
  'operator',
  'bot',
  'spam',
] as const;
export type CloseCause = (typeof CLOSE_CAUSES)[number];

export type ChatFact =
  /** The chat began (history `created`) or began again (`reopened`): a new interval starts. */
  | {
      kind: 'opened';
      at: number;
      reopen: boolean;
      teamId: string | null;
      /** The staff member who started it (Create chat); they hold it from the start. */
      byStaff: string | null;
      /** Who holds it when it opens, when the line says (a reopen back to its last operator). */
      operatorId: string | null;
    }
  | {
      kind: 'message';
      at: number;
      author: Message['authorKind'];
      authorId: string | null;
      internal: boolean;
    }
  /** Given to an operator (distribution, routing, a take, a reply that took it) or to a chat bot. */
  | {
      kind: 'assigned';
      at: number;
      to: { operatorId: string } | { botId: string };
      actorId: string | null;
    }
  /** Taken from its operator back to the queue (no reply in time, a deactivated operator). */
  | { kind: 'unassigned'; at: number; operatorId: string | null; actorId: string | null }
  /** Handed to another operator (same team) or to a team's queue, by `actorId` (null: the system). */
  | {
      kind: 'transferred';
      at: number;
      actorId: string | null;
      to: { operatorId: string } | { teamId: string };
      fromTeamId: string | null;
    }
  | {
      kind: 'closed';
      at: number;
      cause: CloseCause;
      actorId: string | null;
      categoryId: string | null;
    }
  | { kind: 'rated'; at: number; rating: number };

/** One chat as the metrics read it: its fixed attributes and its facts in time order. */
export type ChatTimeline = {
  chatId: string;
  channelId: string;
  /** The chat's client now: a merge moves chats to the survivor, so this is already resolved. */
  clientId: string;
  facts: ChatFact[];
};

/** A timestamp as stored (Date from the database), synced (ISO string) or computed (ms). */
export type Instant = Date | string | number;
export const ms = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** A chat_history line (the table's row or its synced copy). */
export type HistoryLine = Pick<ChatHistoryEntry, 'kind' | 'actorId' | 'data'> & { at: Instant };
/** A messages row (the table's row or its synced copy). */
export type MessageLine = Pick<Message, 'authorKind' | 'authorId' | 'internal'> & {
  createdAt: Instant;
};

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * At one instant (one command writes all its lines at the same time), facts apply in this
 * order: a chat opens before anything happens in it; it leaves its operator before it is given
 * to the next (redistribution unassigns and serves the queue in one go; a transfer to a team
 * unassigns, then transfers); it is given to someone before their reply (a reply that takes a
 * chat is stored at the same moment as the assignment); it closes after its last message; a
 * rating comes last.
 */
const RANK: Record<ChatFact['kind'], number> = {
  opened: 0,
  unassigned: 1,
  assigned: 2,
  transferred: 2,
  message: 3,
  closed: 4,
  rated: 5,
};

/** Facts in time order, ties broken by RANK, otherwise as given (the sort is stable). */
export function inTimeOrder(facts: readonly ChatFact[]): ChatFact[] {
  return [...facts].sort((a, b) => a.at - b.at || RANK[a.kind] - RANK[b.kind]);
}

/** What a `closed` line says about why (chat-close.ts writes `reason` for system closes). */
export function closeCause(data: Record<string, unknown>): CloseCause {
  if (data.by === 'bot') return 'bot';
  switch (data.reason) {
    case 'client_inactivity':
      return 'client_inactivity';
    case 'inactivity':
      return 'operator_inactivity';
    case 'unattended':
      return 'unattended';
    case 'spam':
      return 'spam';
    default:
      return 'operator';
  }
}

/** One history line as a fact; lines no metric reads (category set or removed) give none. */
function historyFact(line: HistoryLine, teamOfStaffChat: () => string | null): ChatFact | null {
  const at = ms(line.at);
  const data = line.data;
  switch (line.kind) {
    case 'created':
    case 'reopened': {
      const byStaff = data.byStaff === true ? line.actorId : null;
      return {
        kind: 'opened',
        at,
        reopen: line.kind === 'reopened',
        // A staff-started chat's line names no team: it is the channel's, which the chat kept
        // unless a later transfer says what it was before.
        // A reopen that names no team stays in the team it had (null keeps it).
        teamId:
          'teamId' in data ? str(data.teamId) : line.kind === 'created' ? teamOfStaffChat() : null,
        byStaff,
        operatorId: byStaff ?? str(data.operatorId),
      };
    }
    case 'assigned': {
      const botId = str(data.botId);
      const operatorId = str(data.operatorId);
      if (botId) return { kind: 'assigned', at, to: { botId }, actorId: line.actorId };
      if (operatorId) return { kind: 'assigned', at, to: { operatorId }, actorId: line.actorId };
      return null;
    }
    case 'unassigned':
      return { kind: 'unassigned', at, operatorId: str(data.operatorId), actorId: line.actorId };
    case 'transferred': {
      const toOperatorId = str(data.toOperatorId);
      const toTeamId = str(data.toTeamId);
      const fromTeamId = str(data.fromTeamId);
      if (toOperatorId)
        return {
          kind: 'transferred',
          at,
          actorId: line.actorId,
          to: { operatorId: toOperatorId },
          fromTeamId,
        };
      if (toTeamId)
        return {
          kind: 'transferred',
          at,
          actorId: line.actorId,
          to: { teamId: toTeamId },
          fromTeamId,
        };
      return null;
    }
    case 'closed':
      return {
        kind: 'closed',
        at,
        cause: closeCause(data),
        actorId: line.actorId,
        categoryId: str(data.categoryId),
      };
    case 'rated':
      return typeof data.rating === 'number' ? { kind: 'rated', at, rating: data.rating } : null;
    case 'category_set':
    case 'category_removed':
      return null;
  }
}

/**
 * A chat's timeline from its stored rows: the chat (channel, client and team now), its history
 * lines and its messages, in any order.
 */
export function chatTimeline(
  chat: { id: string; channelId: string; clientId: string; teamId: string | null },
  history: readonly HistoryLine[],
  messages: readonly MessageLine[],
): ChatTimeline {
  const ordered = [...history].sort((a, b) => ms(a.at) - ms(b.at));
  const teamOfStaffChat = (): string | null => {
    for (const line of ordered) {
      if (line.kind === 'transferred' && 'fromTeamId' in line.data)
        return str(line.data.fromTeamId);
    }
    return chat.teamId;
  };
  const facts: ChatFact[] = [];
  for (const line of ordered) {
    const fact = historyFact(line, teamOfStaffChat);
    if (fact) facts.push(fact);
  }
  for (const message of messages) {
    facts.push({
      kind: 'message',
      at: ms(message.createdAt),
      author: message.authorKind,
      authorId: message.authorId,
      internal: message.internal,
    });
  }
  return {
    chatId: chat.id,
    channelId: chat.channelId,
    clientId: chat.clientId,
    facts: inTimeOrder(facts),
  };
}

/** An operator's presence changed: connected or not (`online`), In work or Break (`status`). */
export type PresenceChange = {
  operatorId: string;
  at: number;
  online?: boolean;
  status?: 'in_work' | 'break';
};

/** An event-log row, as stored or synced. */
export type EventLine = { type: string; at: Instant; data: Record<string, unknown> };

/**
 * Presence changes from the event log: `operator.statusChanged` (In work / Break, by the operator
 * or by auto-break) and `user.updated` lines that carry `online` (server/sync/presence.ts).
 */
export function presenceChanges(events: readonly EventLine[]): PresenceChange[] {
  const changes: PresenceChange[] = [];
  for (const event of events) {
    const operatorId = str(event.data.userId);
    if (!operatorId) continue;
    const at = ms(event.at);
    if (event.type === 'operator.statusChanged') {
      const status = event.data.status;
      if (status === 'in_work' || status === 'break') changes.push({ operatorId, at, status });
    } else if (event.type === 'user.updated' && typeof event.data.online === 'boolean') {
      changes.push({ operatorId, at, online: event.data.online });
    }
  }
  return changes.sort((a, b) => a.at - b.at);
}
