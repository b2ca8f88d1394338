import { describe, expect, it } from 'vitest';
import {
  assignments,
  chatObservations,
  closesByCause,
  dialogIntervals,
  dialogTimes,
  firstReplyTimes,
  missedChats,
  reactionTimes,
  replyTimes,
  transfersByOperators,
} from './chat-metrics';
import type { ChatTimeline } from './facts';
import type { Observation } from './observations';
import { MINUTE, bot, chatOf, client, lines, note, reply } from './test-fixtures';

const T0 = Date.parse('2026-03-10T09:00:00Z');
/** `n` minutes after T0. */
const m = (n: number): number => T0 + n * MINUTE;

type Metric = (t: ChatTimeline, i: ReturnType<typeof dialogIntervals>) => Observation[];
const run = (metric: Metric, t: ChatTimeline) => metric(t, dialogIntervals(t));

/** The durations of a metric in minutes, with who they count for. */
const minutes = (observations: Observation[]) =>
  observations.map((o) => ({
    minutes: 'ms' in o ? o.ms / MINUTE : null,
    operatorId: o.operatorId,
    teamId: o.teamId,
  }));

/** A plain chat: the customer writes, distribution gives it to A, A answers twice and closes. */
const plain = chatOf('plain', [
  lines.created(m(0), 'team-1'),
  client(m(0)),
  bot(m(0)), // the greeting auto-reply
  lines.assigned(m(1), 'op-a'),
  reply('op-a', m(4)),
  client(m(10)),
  client(m(11)),
  reply('op-a', m(15)),
  reply('op-a', m(16)),
  lines.closed(m(20), 'op-a', undefined, 'cat-1'),
  lines.rated(m(21), 5),
]);

describe('each metric on a plain chat', () => {
  it('measures the first reply from the chat opening, for its writer', () => {
    expect(minutes(run(firstReplyTimes, plain))).toEqual([
      { minutes: 4, operatorId: 'op-a', teamId: 'team-1' },
    ]);
  });

  it('measures each customer turn from its first unanswered message to the reply', () => {
    expect(minutes(run(replyTimes, plain)).map((r) => r.minutes)).toEqual([4, 5]);
  });

  it('measures operator reaction from the assignment to their first reply', () => {
    expect(minutes(run(reactionTimes, plain))).toEqual([
      { minutes: 3, operatorId: 'op-a', teamId: 'team-1' },
    ]);
  });

  it('measures the dialog from opening to close, for the operator who held it', () => {
    expect(minutes(run(dialogTimes, plain))).toEqual([
      { minutes: 20, operatorId: 'op-a', teamId: 'team-1' },
    ]);
  });

  it('counts the close by its cause and category, and no missed chat', () => {
    expect(run(closesByCause, plain)).toMatchObject([
      { metric: 'closed', cause: 'operator', categoryId: 'cat-1', operatorId: 'op-a' },
    ]);
    expect(run(missedChats, plain)).toEqual([]);
  });

  it('counts the team queue and the operator it was given to', () => {
    expect(run(assignments, plain)).toMatchObject([
      { to: 'team', teamId: 'team-1', operatorId: null },
      { to: 'operator', teamId: 'team-1', operatorId: 'op-a' },
    ]);
  });

  it('gives every observation the chat channel and keeps time order', () => {
    const all = chatObservations(plain);
    expect(all.every((o) => o.channelId === 'ch-1')).toBe(true);
    expect(all.map((o) => o.at)).toEqual([...all.map((o) => o.at)].sort((a, b) => a - b));
    expect(all.find((o) => o.metric === 'rated')).toMatchObject({
      rating: 5,
      operatorId: 'op-a',
      at: m(21),
    });
    expect(all.find((o) => o.metric === 'dialog')).toMatchObject({
      clientId: 'client-of-plain',
      at: m(0),
      teamId: 'team-1',
    });
  });
});

describe('bots, system messages and internal notes are never replies', () => {
  it('does not take the greeting auto-reply or an internal note for the first reply', () => {
    const chat = chatOf('noted', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      bot(m(0)),
      lines.assigned(m(1), 'op-a'),
      note('op-a', m(2)),
      reply('op-a', m(6)),
    ]);
    expect(minutes(run(firstReplyTimes, chat)).map((r) => r.minutes)).toEqual([6]);
    expect(minutes(run(replyTimes, chat)).map((r) => r.minutes)).toEqual([6]);
    expect(minutes(run(reactionTimes, chat)).map((r) => r.minutes)).toEqual([5]);
  });

  it('starts the first-reply clock when a bot that answered first hands the chat over', () => {
    const chat = chatOf('bot-first', [
      lines.created(m(0), 'team-1'),
      lines.toBot(m(0), 'bot-1'),
      client(m(0)),
      bot(m(0)),
      client(m(1)),
      bot(m(2)),
      lines.assigned(m(5), 'op-a'), // the bot hands over to a person
      reply('op-a', m(7)),
    ]);
    // First reply: from the hand-over (2 min), not from the bot's answer or the opening.
    expect(minutes(run(firstReplyTimes, chat))).toEqual([
      { minutes: 2, operatorId: 'op-a', teamId: 'team-1' },
    ]);
    // Reply time is the customer's wait: the bot's answers did not answer them.
    expect(minutes(run(replyTimes, chat)).map((r) => r.minutes)).toEqual([7]);
    expect(run(assignments, chat).map((o) => o.metric === 'assigned' && o.to)).toEqual([
      'bot',
      'operator',
    ]);
  });

  it('counts a chat the bot resolved alone as closed by the bot, not missed', () => {
    const chat = chatOf('bot-only', [
      lines.created(m(0), 'team-1'),
      lines.toBot(m(0), 'bot-1'),
      client(m(0)),
      bot(m(1)),
      lines.closedByBot(m(3)),
    ]);
    expect(run(firstReplyTimes, chat)).toEqual([]);
    expect(run(missedChats, chat)).toEqual([]);
    expect(run(closesByCause, chat)).toMatchObject([{ cause: 'bot', operatorId: null }]);
  });
});

describe('a reopen starts a new interval', () => {
  const chat = chatOf('reopened', [
    lines.created(m(0), 'team-1'),
    client(m(0)),
    lines.assigned(m(1), 'op-a'),
    reply('op-a', m(2)),
    lines.closed(m(10), null, 'client_inactivity'),
    // Two days later the customer writes again and the chat reopens.
    lines.reopened(m(2880), 'team-1'),
    client(m(2880)),
    lines.assigned(m(2881), 'op-b'),
    reply('op-b', m(2883)),
    lines.closed(m(2890), 'op-b'),
  ]);

  it('measures every time inside its own interval, never from the first opening', () => {
    expect(dialogIntervals(chat).map((i) => i.start)).toEqual([m(0), m(2880)]);
    expect(minutes(run(dialogTimes, chat)).map((r) => r.minutes)).toEqual([10, 10]);
    expect(minutes(run(firstReplyTimes, chat))).toEqual([
      { minutes: 2, operatorId: 'op-a', teamId: 'team-1' },
      { minutes: 3, operatorId: 'op-b', teamId: 'team-1' },
    ]);
    expect(minutes(run(replyTimes, chat)).map((r) => r.minutes)).toEqual([2, 3]);
    expect(minutes(run(reactionTimes, chat)).map((r) => r.minutes)).toEqual([1, 2]);
  });

  it('counts two dialogs of one client and each close by its cause', () => {
    const all = chatObservations(chat);
    expect(all.filter((o) => o.metric === 'dialog')).toHaveLength(2);
    expect(run(closesByCause, chat).map((o) => o.metric === 'closed' && o.cause)).toEqual([
      'client_inactivity',
      'operator',
    ]);
  });
});

describe('transfers between operators', () => {
  it('gives the new operator their own reaction and replies after a transfer', () => {
    const chat = chatOf('handed-over', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      reply('op-a', m(2)),
      client(m(5)),
      lines.toOperator(m(6), 'op-a', 'op-b', 'op-a'),
      reply('op-b', m(9)),
      lines.closed(m(12), 'op-b'),
    ]);
    expect(minutes(run(firstReplyTimes, chat))).toEqual([
      { minutes: 2, operatorId: 'op-a', teamId: 'team-1' },
    ]);
    expect(minutes(run(replyTimes, chat))).toEqual([
      { minutes: 2, operatorId: 'op-a', teamId: 'team-1' },
      { minutes: 4, operatorId: 'op-b', teamId: 'team-1' },
    ]);
    expect(minutes(run(reactionTimes, chat))).toEqual([
      { minutes: 1, operatorId: 'op-a', teamId: 'team-1' },
      { minutes: 3, operatorId: 'op-b', teamId: 'team-1' },
    ]);
    expect(run(transfersByOperators, chat)).toMatchObject([
      { metric: 'transferred', operatorId: 'op-a', teamId: 'team-1', at: m(6) },
    ]);
    expect(run(dialogTimes, chat)).toMatchObject([{ operatorId: 'op-b' }]);
  });

  it('makes the first reply the new operator’s when the first never answered', () => {
    const chat = chatOf('passed-on', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      lines.toOperator(m(5), 'op-a', 'op-b', 'op-a'),
      reply('op-b', m(8)),
    ]);
    expect(minutes(run(firstReplyTimes, chat))).toEqual([
      { minutes: 8, operatorId: 'op-b', teamId: 'team-1' },
    ]);
    const reactions = run(reactionTimes, chat);
    expect(reactions).toMatchObject([
      { metric: 'unansweredAssignment', operatorId: 'op-a', at: m(5) },
      { metric: 'reaction', operatorId: 'op-b', ms: 3 * MINUTE },
    ]);
  });

  it('moves a chat transferred to another team queue to that team', () => {
    const chat = chatOf('to-sales', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      reply('op-a', m(2)),
      lines.unassigned(m(3), 'op-a', 'op-a'),
      lines.toTeam(m(3), 'team-1', 'team-2', 'op-a'),
      client(m(4)),
      lines.assigned(m(6), 'op-c'),
      reply('op-c', m(7)),
      lines.closed(m(9), 'op-c'),
    ]);
    expect(run(assignments, chat)).toMatchObject([
      { to: 'team', teamId: 'team-1' },
      { to: 'operator', operatorId: 'op-a' },
      { to: 'team', teamId: 'team-2', operatorId: null },
      { to: 'operator', operatorId: 'op-c', teamId: 'team-2' },
    ]);
    expect(run(transfersByOperators, chat)).toMatchObject([
      { operatorId: 'op-a', teamId: 'team-1' },
    ]);
    expect(run(replyTimes, chat)).toMatchObject([
      { teamId: 'team-1', operatorId: 'op-a' },
      { teamId: 'team-2', operatorId: 'op-c', ms: 3 * MINUTE },
    ]);
    expect(run(dialogTimes, chat)).toMatchObject([{ teamId: 'team-2', operatorId: 'op-c' }]);
  });
});

describe('missed chats and system closes', () => {
  it('counts a chat left in the queue until the unattended close as missed', () => {
    const chat = chatOf('left', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      bot(m(0)),
      lines.closed(m(24 * 60), null, 'unattended'),
    ]);
    expect(run(missedChats, chat)).toMatchObject([
      { metric: 'missed', operatorId: null, teamId: 'team-1' },
    ]);
    expect(run(closesByCause, chat)).toMatchObject([{ cause: 'unattended' }]);
  });

  it('charges an operator who let a chat go unanswered with an unanswered assignment', () => {
    const chat = chatOf('redistributed', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      lines.unassigned(m(11), 'op-a'), // no reply within the team's time
      lines.assigned(m(11), 'op-b'),
      lines.closed(m(40), null, 'inactivity'),
    ]);
    expect(run(reactionTimes, chat)).toMatchObject([
      { metric: 'unansweredAssignment', operatorId: 'op-a', at: m(11) },
      { metric: 'unansweredAssignment', operatorId: 'op-b', at: m(40) },
    ]);
    expect(run(missedChats, chat)).toMatchObject([{ operatorId: 'op-b' }]);
    expect(run(closesByCause, chat)).toMatchObject([
      { cause: 'operator_inactivity', operatorId: 'op-b' },
    ]);
  });

  it('counts a spam close by its own cause and not as missed', () => {
    const chat = chatOf('spam', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.closed(m(3), 'op-supervisor', 'spam'),
    ]);
    expect(run(missedChats, chat)).toEqual([]);
    expect(run(closesByCause, chat)).toMatchObject([{ cause: 'spam', operatorId: null }]);
  });

  it('counts a close by a supervisor for the supervisor, the dialog for its holder', () => {
    const chat = chatOf('closed-for-them', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      reply('op-a', m(2)),
      lines.closed(m(5), 'op-supervisor'),
    ]);
    expect(run(closesByCause, chat)).toMatchObject([{ operatorId: 'op-supervisor' }]);
    expect(run(dialogTimes, chat)).toMatchObject([{ operatorId: 'op-a' }]);
  });
});

describe('a chat staff started', () => {
  const chat = chatOf(
    'outbound',
    [
      lines.createdByStaff(m(0), 'op-a'),
      reply('op-a', m(0)),
      client(m(30)),
      reply('op-a', m(32)),
      lines.closed(m(40), 'op-a'),
    ],
    { teamId: 'team-9' },
  );

  it('has no first reply and no queue, and its replies count for the creator', () => {
    expect(run(firstReplyTimes, chat)).toEqual([]);
    expect(run(assignments, chat)).toEqual([]);
    expect(run(reactionTimes, chat)).toEqual([]);
    expect(minutes(run(replyTimes, chat))).toEqual([
      { minutes: 2, operatorId: 'op-a', teamId: 'team-9' },
    ]);
    expect(chatObservations(chat).find((o) => o.metric === 'dialog')).toMatchObject({
      operatorId: 'op-a',
      teamId: 'team-9',
    });
  });
});

describe('observations only grow as facts arrive', () => {
  it('never changes an observation already made when later facts are appended', () => {
    const full = chatOf('growing', [
      lines.created(m(0), 'team-1'),
      client(m(0)),
      lines.assigned(m(1), 'op-a'),
      reply('op-a', m(2)),
      client(m(3)),
      lines.toOperator(m(4), 'op-a', 'op-b', 'op-a'),
      reply('op-b', m(6)),
      lines.closed(m(8), 'op-b'),
      lines.rated(m(9), 4),
      lines.reopened(m(20), 'team-1'),
      client(m(20)),
      lines.closed(m(30), null, 'unattended'),
    ]);
    const all = chatObservations(full);
    for (let n = 1; n <= full.facts.length; n++) {
      const prefix = { ...full, facts: full.facts.slice(0, n) };
      const cut = full.facts[n - 1]?.at ?? 0;
      expect(chatObservations(prefix)).toEqual(all.filter((o) => o.at <= cut));
    }
  });
});
