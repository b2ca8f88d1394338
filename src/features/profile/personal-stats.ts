import type { Chat } from '../../protocol';
import {
  assignments,
  chatTimeline,
  closesByCause,
  dialogIntervals,
  durationStats,
  firstReplyTimes,
  inTimeOrder,
  ms,
  ratings,
  replyTimes,
  type ChatFact,
  type ChatTimeline,
  type DurationStats,
  type HistoryLine,
  type MessageLine,
  type Observation,
} from '../../protocol/metrics';

/**
 * An operator's own statistics (spec §6 "sees personal statistics"), computed in the browser from
 * the local store with the report metrics' own definitions (src/protocol/metrics,
 * docs/metrics.md "Personal statistics"): only which facts feed them is decided here.
 */

/** A chat's thread rows the store holds: open chats' and the threads the operator opened. */
export type HeldThread = { history: readonly HistoryLine[]; messages: readonly MessageLine[] };

/**
 * A chat's timeline from its row alone, for a chat whose thread the store does not hold (a chat
 * closed before this browser's bootstrap and not opened since). The row keeps the facts the
 * monitoring needs; from them: the chat opened at `createdAt`, its current holder was given it at
 * `assignedAt`, the first reply (`firstReplyAt`, `firstReplyBy`), the close and the rating. A
 * hold that ended before the current one, and every reply after the first, are not on the row.
 */
export function rowTimeline(chat: Chat): ChatTimeline {
  const facts: ChatFact[] = [
    {
      kind: 'opened',
      at: ms(chat.createdAt),
      reopen: false,
      teamId: chat.teamId,
      byStaff: chat.createdBy,
      operatorId: chat.createdBy,
    },
  ];
  // The creator of a staff-started chat holds it from the start: that is no take.
  if (chat.operatorId && chat.assignedAt && chat.operatorId !== chat.createdBy) {
    facts.push({
      kind: 'assigned',
      at: ms(chat.assignedAt),
      to: { operatorId: chat.operatorId },
      actorId: null,
    });
  }
  if (chat.firstReplyAt && chat.firstReplyBy) {
    facts.push({
      kind: 'message',
      at: ms(chat.firstReplyAt),
      author: 'operator',
      authorId: chat.firstReplyBy,
      internal: false,
    });
  }
  if (chat.closedAt) {
    // The row keeps neither who closed it nor why: with no actor, the close counts for the
    // operator holding it then (the row keeps its operator on close), as a system close does.
    facts.push({
      kind: 'closed',
      at: ms(chat.closedAt),
      cause: 'operator',
      actorId: null,
      categoryId: chat.categoryId,
    });
  }
  if (chat.rating !== null) {
    // The row does not say when the rating came; it comes after the close, so that is the day.
    facts.push({ kind: 'rated', at: ms(chat.closedAt ?? chat.updatedAt), rating: chat.rating });
  }
  return {
    chatId: chat.id,
    channelId: chat.channelId,
    clientId: chat.clientId,
    facts: inTimeOrder(facts),
  };
}

/**
 * One chat's observations that count for `operatorId`: from its thread when the store holds it
 * (exactly the server's computation), else from its row.
 */
export function personalObservations(
  chat: Chat,
  thread: HeldThread | undefined,
  operatorId: string,
): Observation[] {
  const held = thread !== undefined && thread.history.length > 0;
  const timeline = held ? chatTimeline(chat, thread.history, thread.messages) : rowTimeline(chat);
  const intervals = dialogIntervals(timeline);
  const metrics = [assignments, closesByCause, firstReplyTimes, ratings];
  // Every reply turn is known only from the messages; a row knows the first reply alone.
  if (held) metrics.push(replyTimes);
  return metrics
    .flatMap((metric) => metric(timeline, intervals))
    .filter((o) => o.operatorId === operatorId);
}

/** One period's figures for one operator. */
export type PersonalFigures = {
  /** Chats given to the operator (a take, distribution, a transfer to them). */
  taken: number;
  /** Closes that count for them (docs/metrics.md "closes by cause"). */
  closed: number;
  firstReply: DurationStats;
  /** From the chats whose conversation the store holds only (see `personalObservations`). */
  replyTime: DurationStats;
  rating: { count: number; mean: number | null };
};

/** A period as its instants, `[start, end)`. */
export type Span = { start: number; end: number };

/** The figures of the observations that fall in `span`. */
export function figuresIn(observations: readonly Observation[], span: Span): PersonalFigures {
  let taken = 0;
  let closed = 0;
  const firstReply: number[] = [];
  const replyTime: number[] = [];
  const rated: number[] = [];
  for (const o of observations) {
    if (o.at < span.start || o.at >= span.end) continue;
    switch (o.metric) {
      case 'assigned':
        if (o.to === 'operator') taken += 1;
        break;
      case 'closed':
        closed += 1;
        break;
      case 'firstReply':
        firstReply.push(o.ms);
        break;
      case 'replyTime':
        replyTime.push(o.ms);
        break;
      case 'rated':
        rated.push(o.rating);
        break;
      default:
        break;
    }
  }
  return {
    taken,
    closed,
    firstReply: durationStats(firstReply),
    replyTime: durationStats(replyTime),
    rating: {
      count: rated.length,
      mean: rated.length ? rated.reduce((sum, r) => sum + r, 0) / rated.length : null,
    },
  };
}

/** Whether a period has nothing to show ("no data for the period"). */
export const isEmptyPeriod = (f: PersonalFigures): boolean =>
  f.taken === 0 &&
  f.closed === 0 &&
  f.firstReply.count === 0 &&
  f.replyTime.count === 0 &&
  f.rating.count === 0;

/**
 * The chats that may count for an operator since `since`: touched since then (every change of a
 * chat moves `updatedAt`) and naming them on the row, or with their thread held (whose history
 * names every operator who held it, one who passed it on included).
 */
export function mayCount(chat: Chat, operatorId: string, since: number): boolean {
  if (ms(chat.updatedAt) < since) return false;
  return (
    chat.operatorId === operatorId ||
    chat.firstReplyBy === operatorId ||
    chat.lastHumanOperatorId === operatorId ||
    chat.createdBy === operatorId ||
    chat.status !== 'closed'
  );
}

export type DurationUnit = 'sec' | 'min' | 'h' | 'd';

/**
 * A duration as spec §3's units, its largest unit with the next below it ("3 min 20 sec",
 * "2 h 5 min"), the rule the monitoring tables show averages by (monitoring/time-units.ts; a
 * feature may not import another's, and the rule is these few lines).
 */
export function durationParts(value: number): { n: number; unit: DurationUnit }[] {
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  const total = Math.max(0, Math.floor(value / SECOND)) * SECOND;
  if (total < MINUTE) return [{ n: total / SECOND, unit: 'sec' }];
  const pair = (big: number, bigUnit: DurationUnit, small: number, smallUnit: DurationUnit) => {
    const n = Math.floor(total / big);
    const rest = Math.floor((total - n * big) / small);
    return rest > 0
      ? [
          { n, unit: bigUnit },
          { n: rest, unit: smallUnit },
        ]
      : [{ n, unit: bigUnit }];
  };
  if (total < HOUR) return pair(MINUTE, 'min', SECOND, 'sec');
  if (total < DAY) return pair(HOUR, 'h', MINUTE, 'min');
  return pair(DAY, 'd', HOUR, 'h');
}
