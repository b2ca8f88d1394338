import type { ChatFact, ChatTimeline } from './facts';
import type { Observation, ObservationOf } from './observations';

/**
 * The chat metrics of spec §3, each defined once here as a function from one chat's timeline to
 * its observations. Two rules hold throughout:
 * - a reply is a message an operator wrote to the customer: bot and system messages and internal
 *   notes never count as replies;
 * - a dialog interval runs from the chat opening (or reopening) to its close: every time is
 *   measured inside one interval, never from an earlier one.
 */

/** Who holds the chat: an operator, a chat bot, or nobody (waiting in a queue). */
type Holder = { kind: 'operator'; id: string } | { kind: 'bot'; id: string } | null;

/** A fact with the chat's team and holder just before it applied. */
export type Step = { fact: ChatFact; teamId: string | null; holder: Holder };

type Closed = Extract<ChatFact, { kind: 'closed' }>;

/** One dialog interval: from an `opened` fact to its `closed` (null while it is open). */
export type DialogInterval = {
  start: number;
  reopen: boolean;
  /** The staff member who started the chat (Create chat), or null when the customer did. */
  byStaff: string | null;
  teamAtStart: string | null;
  holderAtStart: Holder;
  /** The facts after the opening, each with the team and holder before it. */
  steps: Step[];
  close: (Step & { fact: Closed }) | null;
};

const operatorOf = (holder: Holder): string | null =>
  holder?.kind === 'operator' ? holder.id : null;

/** A message an operator wrote to the customer: the only kind of message that is a reply. */
export function isReply(
  fact: ChatFact,
): fact is Extract<ChatFact, { kind: 'message' }> & { authorId: string } {
  return (
    fact.kind === 'message' &&
    fact.author === 'operator' &&
    !fact.internal &&
    fact.authorId !== null
  );
}

/** The holder after a fact. */
function holderAfter(fact: ChatFact, before: Holder): Holder {
  switch (fact.kind) {
    case 'assigned':
      return 'botId' in fact.to
        ? { kind: 'bot', id: fact.to.botId }
        : { kind: 'operator', id: fact.to.operatorId };
    case 'transferred':
      return 'operatorId' in fact.to ? { kind: 'operator', id: fact.to.operatorId } : null;
    case 'unassigned':
      // A line about someone who no longer holds it changes nothing.
      return fact.operatorId === null || operatorOf(before) === fact.operatorId ? null : before;
    default:
      return before;
  }
}

/** Whether a fact changes who holds the chat (a close ends every hold). */
const movesHolder = (fact: ChatFact): boolean =>
  fact.kind === 'assigned' ||
  fact.kind === 'transferred' ||
  fact.kind === 'unassigned' ||
  fact.kind === 'closed';

/**
 * A chat's dialog intervals. Each `opened` fact starts one; facts before the first opening (a
 * timeline cut short) form an interval of their own from the first fact.
 */
export function dialogIntervals(timeline: ChatTimeline): DialogInterval[] {
  const intervals: DialogInterval[] = [];
  let teamId: string | null = null;
  let holder: Holder = null;
  let current: DialogInterval | null = null;
  for (const fact of timeline.facts) {
    if (fact.kind === 'opened') {
      teamId = fact.teamId ?? teamId;
      holder = fact.operatorId ? { kind: 'operator', id: fact.operatorId } : null;
      current = {
        start: fact.at,
        reopen: fact.reopen,
        byStaff: fact.byStaff,
        teamAtStart: teamId,
        holderAtStart: holder,
        steps: [],
        close: null,
      };
      intervals.push(current);
      continue;
    }
    if (!current) {
      current = {
        start: fact.at,
        reopen: false,
        byStaff: null,
        teamAtStart: teamId,
        holderAtStart: holder,
        steps: [],
        close: null,
      };
      intervals.push(current);
    }
    const step: Step = { fact, teamId, holder };
    current.steps.push(step);
    if (fact.kind === 'closed' && !current.close) current.close = { ...step, fact };
    holder = holderAfter(fact, holder);
    if (fact.kind === 'transferred' && 'teamId' in fact.to) teamId = fact.to.teamId;
  }
  return intervals;
}

type Make = <M extends Observation['metric']>(
  step: { at: number; teamId: string | null; operatorId: string | null },
  body: Omit<ObservationOf<M>, 'at' | 'channelId' | 'teamId' | 'operatorId'> & { metric: M },
) => Observation;

function maker(timeline: ChatTimeline): Make {
  return (where, body) =>
    ({
      ...body,
      at: where.at,
      channelId: timeline.channelId,
      teamId: where.teamId,
      operatorId: where.operatorId,
    }) as Observation;
}

/**
 * Number of dialogs and unique clients: each interval that opens is one dialog of the chat's
 * client, counted on the day it opens for its channel, the team it opened in and the operator
 * holding it then (only a staff-started chat has one).
 */
export function dialogsOpened(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  return intervals.map((interval) =>
    make(
      {
        at: interval.start,
        teamId: interval.teamAtStart,
        operatorId: operatorOf(interval.holderAtStart),
      },
      { metric: 'dialog', clientId: timeline.clientId },
    ),
  );
}

/**
 * First reply time: the time from the start of a customer-begun interval (or from a chat bot's
 * handing it over, when later) to the first reply in it, counted for the operator who wrote it.
 */
export function firstReplyTimes(
  timeline: ChatTimeline,
  intervals: DialogInterval[],
): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    // A chat staff started has no customer waiting for a first reply (as Plain excludes them).
    if (interval.byStaff) continue;
    let clockFrom = interval.start;
    for (const step of interval.steps) {
      const fact = step.fact;
      if (step.holder?.kind === 'bot' && movesHolder(fact)) {
        const after = holderAfter(fact, step.holder);
        if (after?.kind !== 'bot') clockFrom = fact.at;
      }
      if (isReply(fact)) {
        out.push(
          make(
            { at: fact.at, teamId: step.teamId, operatorId: fact.authorId },
            { metric: 'firstReply', ms: fact.at - clockFrom },
          ),
        );
        break;
      }
    }
  }
  return out;
}

/**
 * Reply time: for each turn of the customer's, the time from their first message no reply has
 * answered yet to the reply that answers it, counted for the operator who wrote that reply.
 */
export function replyTimes(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    let waitingSince: number | null = null;
    for (const step of interval.steps) {
      const fact = step.fact;
      if (fact.kind !== 'message') continue;
      if (fact.author === 'client') {
        waitingSince ??= fact.at;
      } else if (isReply(fact) && waitingSince !== null) {
        out.push(
          make(
            { at: fact.at, teamId: step.teamId, operatorId: fact.authorId },
            { metric: 'replyTime', ms: fact.at - waitingSince },
          ),
        );
        waitingSince = null;
      }
    }
  }
  return out;
}

/**
 * Operator reaction: the time from a chat being given to an operator to that operator's first
 * reply while they hold it, counted for them; a hold that ends with the customer still waiting
 * and no reply from them is an unanswered assignment of theirs.
 */
export function reactionTimes(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    const first = operatorOf(interval.holderAtStart);
    // The creator of a staff-started chat wrote its first message: nothing was given to them.
    let hold: { operatorId: string; since: number; answered: boolean } | null =
      first && !interval.byStaff
        ? { operatorId: first, since: interval.start, answered: false }
        : null;
    let waitingSince: number | null = null;
    for (const step of interval.steps) {
      const fact = step.fact;
      if (fact.kind === 'message') {
        if (fact.author === 'client') waitingSince ??= fact.at;
        if (isReply(fact)) {
          if (hold && !hold.answered && fact.authorId === hold.operatorId) {
            out.push(
              make(
                { at: fact.at, teamId: step.teamId, operatorId: hold.operatorId },
                { metric: 'reaction', ms: fact.at - hold.since },
              ),
            );
            hold.answered = true;
          }
          waitingSince = null;
        }
        continue;
      }
      if (!movesHolder(fact)) continue;
      if (hold && !hold.answered && waitingSince !== null) {
        out.push(
          make(
            { at: fact.at, teamId: step.teamId, operatorId: hold.operatorId },
            { metric: 'unansweredAssignment' },
          ),
        );
      }
      const next = fact.kind === 'closed' ? null : operatorOf(holderAfter(fact, step.holder));
      hold = next ? { operatorId: next, since: fact.at, answered: false } : null;
    }
  }
  return out;
}

/**
 * Dialog time: the time from an interval's start to its close, counted on the day it closes for
 * the operator holding the chat then (none when it closed from a queue).
 */
export function dialogTimes(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const { close, start } of intervals) {
    if (!close) continue;
    out.push(
      make(
        { at: close.fact.at, teamId: close.teamId, operatorId: operatorOf(close.holder) },
        { metric: 'dialogTime', ms: close.fact.at - start },
      ),
    );
  }
  return out;
}

/**
 * Missed chats (full operator inactivity): intervals that closed with no reply at all, except
 * those closed as spam or resolved by a chat bot; counted for the operator holding it at close.
 */
export function missedChats(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    const close = interval.close;
    if (!close || close.fact.cause === 'spam' || close.fact.cause === 'bot') continue;
    const answered = interval.steps.some(
      (step) => step.fact.at <= close.fact.at && isReply(step.fact),
    );
    if (answered) continue;
    out.push(
      make(
        { at: close.fact.at, teamId: close.teamId, operatorId: operatorOf(close.holder) },
        { metric: 'missed' },
      ),
    );
  }
  return out;
}

/**
 * Closes by cause: each interval's close, by why it closed (customer inactivity, operator
 * inactivity, unattended, by an operator, by a bot, spam), with its request category. A close by
 * an operator counts for the operator who closed it; any other for the operator holding it.
 */
export function closesByCause(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const { close } of intervals) {
    if (!close) continue;
    const fact = close.fact;
    const operatorId =
      fact.cause === 'operator' && fact.actorId ? fact.actorId : operatorOf(close.holder);
    out.push(
      make(
        { at: fact.at, teamId: close.teamId, operatorId },
        { metric: 'closed', cause: fact.cause, categoryId: fact.categoryId },
      ),
    );
  }
  return out;
}

/**
 * Assigned to bot / operator / team: each time a chat is given to a chat bot, to an operator
 * (counted for that operator), or placed in a team's queue on opening or by a transfer (counted
 * for that team). A return to the queue for want of a reply is not an assignment; a chat that
 * waited in the queue and was then taken counts once for the team and once for the operator.
 */
export function assignments(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    // Placed in its team's queue when it opened, unless the same command (the same instant)
    // routed it straight to an operator or a bot: then it never waited in the queue.
    const routedAtOnce = interval.steps.some(
      (step) =>
        step.fact.at === interval.start &&
        (step.fact.kind === 'assigned' || step.fact.kind === 'transferred'),
    );
    if (!interval.byStaff && !interval.holderAtStart && interval.teamAtStart && !routedAtOnce) {
      out.push(
        make(
          { at: interval.start, teamId: interval.teamAtStart, operatorId: null },
          { metric: 'assigned', to: 'team' },
        ),
      );
    }
    for (const step of interval.steps) {
      const fact = step.fact;
      if (fact.kind === 'assigned') {
        const bot = 'botId' in fact.to;
        out.push(
          make(
            {
              at: fact.at,
              teamId: step.teamId,
              operatorId: 'operatorId' in fact.to ? fact.to.operatorId : null,
            },
            { metric: 'assigned', to: bot ? 'bot' : 'operator' },
          ),
        );
      } else if (fact.kind === 'transferred') {
        out.push(
          'operatorId' in fact.to
            ? make(
                { at: fact.at, teamId: step.teamId, operatorId: fact.to.operatorId },
                { metric: 'assigned', to: 'operator' },
              )
            : make(
                { at: fact.at, teamId: fact.to.teamId, operatorId: null },
                { metric: 'assigned', to: 'team' },
              ),
        );
      }
    }
  }
  return out;
}

/**
 * Transferred by operators: each transfer a person made (to a colleague or a team's queue),
 * counted for the person who made it and the team the chat left.
 */
export function transfersByOperators(
  timeline: ChatTimeline,
  intervals: DialogInterval[],
): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    for (const step of interval.steps) {
      const fact = step.fact;
      if (fact.kind !== 'transferred' || !fact.actorId) continue;
      out.push(
        make(
          { at: fact.at, teamId: fact.fromTeamId ?? step.teamId, operatorId: fact.actorId },
          { metric: 'transferred' },
        ),
      );
    }
  }
  return out;
}

/**
 * Quality: each rating (1 to 5) the customer gave, counted on the day it was given for the
 * operator who held the chat when it closed.
 */
export function ratings(timeline: ChatTimeline, intervals: DialogInterval[]): Observation[] {
  const make = maker(timeline);
  const out: Observation[] = [];
  for (const interval of intervals) {
    for (const step of interval.steps) {
      const fact = step.fact;
      if (fact.kind !== 'rated' || !Number.isInteger(fact.rating)) continue;
      if (fact.rating < 1 || fact.rating > 5) continue;
      const at = interval.close ?? step;
      out.push(
        make(
          { at: fact.at, teamId: at.teamId, operatorId: operatorOf(at.holder) },
          { metric: 'rated', rating: fact.rating },
        ),
      );
    }
  }
  return out;
}

/** Every metric's observations of one chat, in time order. */
export function chatObservations(timeline: ChatTimeline): Observation[] {
  const intervals = dialogIntervals(timeline);
  return [
    dialogsOpened,
    firstReplyTimes,
    replyTimes,
    reactionTimes,
    dialogTimes,
    missedChats,
    closesByCause,
    assignments,
    transfersByOperators,
    ratings,
  ]
    .flatMap((metric) => metric(timeline, intervals))
    .sort((a, b) => a.at - b.at);
}
