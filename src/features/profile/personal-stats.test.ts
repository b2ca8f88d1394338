import { describe, expect, it } from 'vitest';
import type { ChatHistoryEntry } from '../../protocol';
import { ME, OTHER, chatId, chatRow } from '../../store/test-fixtures';
import type { LocalMessage } from '../../store/tables';
import {
  durationParts,
  figuresIn,
  isEmptyPeriod,
  mayCount,
  personalObservations,
  type HeldThread,
} from './personal-stats';

const MIN = 60_000;
const T0 = Date.parse('2026-11-04T09:00:00.000Z');
const at = (minutes: number): string => new Date(T0 + minutes * MIN).toISOString();
const ALL = { start: 0, end: Number.MAX_SAFE_INTEGER };
const ID = chatId(1);
const TEAM = '00000000-0000-7000-8000-0000000000e1';

let seq = 0;
const line = (
  kind: ChatHistoryEntry['kind'],
  minutes: number,
  data: Record<string, unknown> = {},
  actorId: string | null = null,
): ChatHistoryEntry => ({
  id: chatId(1000 + seq++),
  chatId: ID,
  kind,
  actorId,
  data,
  at: at(minutes),
});
const message = (
  authorKind: LocalMessage['authorKind'],
  minutes: number,
  authorId: string | null = null,
  internal = false,
) => ({ authorKind, authorId, internal, createdAt: at(minutes) });

const mine = (thread: HeldThread | undefined, patch: Parameters<typeof chatRow>[1]) =>
  figuresIn(personalObservations(chatRow(ID, { createdAt: at(0), ...patch }), thread, ME), ALL);

describe('personal statistics from a chat row alone (its thread not held)', () => {
  it('counts the take, the first reply from the chat start, the close and the rating', () => {
    const figures = mine(undefined, {
      status: 'closed',
      operatorId: ME,
      assignedAt: at(2),
      firstReplyAt: at(5),
      firstReplyBy: ME,
      closedAt: at(30),
      rating: 4,
      updatedAt: at(31),
    });
    expect(figures.taken).toBe(1);
    expect(figures.closed).toBe(1);
    expect(figures.firstReply).toEqual({ count: 1, meanMs: 5 * MIN, medianMs: 5 * MIN });
    // Later turns are not on the row: no reply time is made up from it.
    expect(figures.replyTime.count).toBe(0);
    expect(figures.rating).toEqual({ count: 1, mean: 4 });
  });

  it("counts nothing of a colleague's chat, and a first reply for whoever wrote it", () => {
    const figures = mine(undefined, {
      status: 'assigned',
      operatorId: OTHER,
      assignedAt: at(1),
      firstReplyAt: at(3),
      firstReplyBy: ME,
    });
    expect(figures.taken).toBe(0);
    expect(figures.firstReply.count).toBe(1);
  });

  it('a chat I started myself is no take and has no first reply time', () => {
    const figures = mine(undefined, {
      status: 'assigned',
      createdBy: ME,
      operatorId: ME,
      assignedAt: at(0),
      firstReplyAt: at(0),
      firstReplyBy: ME,
    });
    expect(figures.taken).toBe(0);
    expect(figures.firstReply.count).toBe(0);
  });
});

describe('personal statistics from a held thread (the reports’ own computation)', () => {
  const taken: HeldThread = {
    history: [line('created', 0, { teamId: TEAM }), line('assigned', 2, { operatorId: ME }, ME)],
    messages: [
      message('client', 0),
      message('bot', 0.5),
      message('operator', 1, OTHER, true), // a colleague's internal note
      message('operator', 4, ME),
      message('client', 10),
      message('client', 11),
      message('operator', 13, ME),
    ],
  };

  it('counts every reply turn, and bot messages and notes stop no clock', () => {
    const figures = mine(taken, { status: 'assigned', operatorId: ME, assignedAt: at(2) });
    expect(figures.taken).toBe(1);
    expect(figures.firstReply).toEqual({ count: 1, meanMs: 4 * MIN, medianMs: 4 * MIN });
    expect(figures.replyTime).toEqual({ count: 2, meanMs: 3.5 * MIN, medianMs: 3.5 * MIN });
  });

  it('keeps my take after I passed the chat to a colleague, whose replies are theirs', () => {
    const thread: HeldThread = {
      history: [
        ...taken.history,
        line('transferred', 20, { toOperatorId: OTHER }, ME),
        line('closed', 40, {}, OTHER),
        line('rated', 41, { rating: 5 }),
      ],
      messages: [...taken.messages, message('client', 21), message('operator', 25, OTHER)],
    };
    const figures = mine(thread, { status: 'closed', operatorId: OTHER, closedAt: at(40) });
    expect(figures.taken).toBe(1);
    expect(figures.replyTime.count).toBe(2);
    // The colleague closed it and held it when it was rated.
    expect(figures.closed).toBe(0);
    expect(figures.rating.count).toBe(0);
  });

  it('counts in a period only what happened in it', () => {
    const observations = personalObservations(
      chatRow(ID, { createdAt: at(0), status: 'assigned', operatorId: ME }),
      taken,
      ME,
    );
    const early = figuresIn(observations, { start: T0, end: T0 + 3 * MIN });
    expect(early.taken).toBe(1);
    expect(early.firstReply.count).toBe(0);
    const later = figuresIn(observations, { start: T0 + 3 * MIN, end: T0 + 60 * MIN });
    expect(later.taken).toBe(0);
    expect(later.firstReply.count).toBe(1);
    expect(isEmptyPeriod(figuresIn(observations, { start: 0, end: T0 }))).toBe(true);
  });
});

describe('which chats may count for me', () => {
  const since = T0;
  it('a chat of mine touched in the period, or an open one of my team', () => {
    expect(mayCount(chatRow(ID, { operatorId: ME, updatedAt: at(1) }), ME, since)).toBe(true);
    expect(mayCount(chatRow(ID, { status: 'assigned', updatedAt: at(1) }), ME, since)).toBe(true);
  });
  it('not a chat untouched since the period began, nor a closed one of a colleague', () => {
    expect(mayCount(chatRow(ID, { operatorId: ME, updatedAt: at(-1) }), ME, since)).toBe(false);
    const theirs = chatRow(ID, { status: 'closed', operatorId: OTHER, updatedAt: at(1) });
    expect(mayCount(theirs, ME, since)).toBe(false);
  });
});

describe('durations in spec §3 units', () => {
  it.each([
    [45_000, [{ n: 45, unit: 'sec' }]],
    [
      200_000,
      [
        { n: 3, unit: 'min' },
        { n: 20, unit: 'sec' },
      ],
    ],
    [
      2 * 3_600_000 + 5 * MIN,
      [
        { n: 2, unit: 'h' },
        { n: 5, unit: 'min' },
      ],
    ],
    [
      27 * 3_600_000,
      [
        { n: 1, unit: 'd' },
        { n: 3, unit: 'h' },
      ],
    ],
    [-5, [{ n: 0, unit: 'sec' }]],
  ])('%i ms reads as %j', (ms, parts) => {
    expect(durationParts(ms)).toEqual(parts);
  });
});
