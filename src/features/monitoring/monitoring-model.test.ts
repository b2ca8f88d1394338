import { describe, expect, it } from 'vitest';
import type { Channel, Chat, DayFigures, Role, Team } from '../../protocol';
import { chatRow, clientRow, userRow } from '../../store/test-fixtures';
import {
  chatFacts,
  clientCells,
  clientRows as rowsOf,
  factsCache,
  monitoringTables as tablesOf,
  type People,
} from './monitoring-model';

const at = (hhmm: string) => `2026-11-26T${hhmm}:00.000Z`;
const T = (hhmm: string) => Date.parse(at(hhmm));

const team = (id: string, name: string, dialogLimit: number): Team => ({
  id,
  name,
  description: name,
  distributionMethod: 'round_robin',
  dialogLimit,
  redistributionMinutes: null,
  autoCloseMinutes: null,
  unattendedCloseHours: 0,
  inactivityMinutes: 0,
  createdAt: at('00:00'),
  updatedAt: at('00:00'),
});

const channel = (id: string, name: string, teamId: string, active = true) =>
  ({ id, name, teamId, active }) as unknown as Channel;

const roles: Role[] = [
  {
    id: 'operator',
    name: 'Operator',
    description: 'Operator',
    rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
    immutable: true,
  },
  { id: 'viewer', name: 'Viewer', description: 'Viewer', rights: [], immutable: true },
];

const clients = new Map([['k1', clientRow('k1', 'Kim')]]);
const clientRows = (chats: Chat[]) => rowsOf(chats.map(chatFacts), people, clients);
/** The open chats, as the screen hands them over. */
const monitoringTables = (chats: Chat[], figures: DayFigures[]) =>
  tablesOf(
    chats.map(chatFacts).filter((facts) => facts.status !== 'closed'),
    figures,
    people,
  );

/** One figures row of today, as the server sends it. */
const figures = (
  channelId: string,
  teamId: string | null,
  operatorId: string | null,
  numbers: Partial<Pick<DayFigures, 'firstReply' | 'reaction' | 'assigned' | 'closed'>>,
): DayFigures => ({
  id: `${channelId}-${teamId ?? ''}-${operatorId ?? ''}`,
  day: '2026-11-26',
  channelId,
  teamId,
  operatorId,
  firstReply: [],
  reaction: [],
  assigned: 0,
  closed: 0,
  ...numbers,
});

const people: People = {
  users: [
    userRow('ann', 'Ann', { teamIds: ['sup'] }),
    userRow('bob', 'Bob', { teamIds: ['sup', 'sal'] }),
    userRow('cat', 'Cat', { teamIds: ['sal'], operatorStatus: 'break' }),
    userRow('dan', 'Dan', { teamIds: ['sup'], online: false }),
    userRow('eve', 'Eve', { roleId: 'viewer', teamIds: ['sup'] }),
  ],
  roles,
  teams: [team('sup', 'Support', 2), team('sal', 'Sales', 3)],
  channels: [channel('web', 'Site', 'sup'), channel('tg', 'Telegram', 'sal', false)],
};

const chat = (id: string, patch: Partial<Chat>): Chat =>
  chatRow(id, {
    channelId: 'web',
    clientId: 'k1',
    teamId: 'sup',
    createdAt: at('09:00'),
    ...patch,
  });

describe('the client table rows', () => {
  it('has one row per open chat, with names resolved', () => {
    const rows = clientRows([
      chat('a', { status: 'pending', unansweredSince: at('09:00') }),
      chat('b', { status: 'assigned', operatorId: 'ann', lastHumanOperatorId: 'bob' }),
      chat('c', { status: 'closed', closedAt: at('09:30') }),
    ]);
    expect(rows.map((row) => row.id)).toEqual(['a', 'b']);
    expect(rows[1]).toMatchObject({
      channelName: 'Site',
      clientName: 'Kim',
      teamName: 'Support',
      operatorName: 'Ann',
      lastHumanOperatorName: 'Bob',
    });
  });

  it('waits: fixed once answered, running (with the clock) until then', () => {
    const [waiting, answered, staff] = clientRows([
      chat('w', { status: 'pending', unansweredSince: at('09:01') }),
      chat('r', {
        status: 'assigned',
        operatorId: 'ann',
        firstReplyAt: at('09:05'),
        assignedAt: at('09:02'),
        reactedAt: at('09:05'),
        unansweredSince: at('09:10'),
      }),
      chat('s', {
        status: 'assigned',
        operatorId: 'ann',
        createdBy: 'ann',
        assignedAt: at('09:00'),
      }),
    ]);
    const now = T('09:20');
    expect(clientCells(waiting!, now)).toEqual({
      waitForReply: { ms: 20 * 60_000, running: true },
      operatorReaction: null,
      currentWait: { ms: 19 * 60_000, running: true },
      timeInDialog: { ms: 20 * 60_000, running: true },
    });
    expect(clientCells(answered!, now)).toEqual({
      waitForReply: { ms: 5 * 60_000, running: false },
      operatorReaction: { ms: 3 * 60_000, running: false },
      currentWait: { ms: 10 * 60_000, running: true },
      timeInDialog: { ms: 20 * 60_000, running: true },
    });
    // A chat staff started has no first reply to wait for; its holder's clock runs.
    expect(clientCells(staff!, now).waitForReply).toBeNull();
    expect(clientCells(staff!, now).operatorReaction).toEqual({ ms: 20 * 60_000, running: true });
  });

  it('keeps the facts of an unchanged chat row between recounts', () => {
    const facts = factsCache();
    const kept = chat('k', { status: 'pending' });
    const [first] = facts([kept]);
    const [again, added] = facts([kept, chat('n', { status: 'pending' })]);
    expect(again).toBe(first);
    expect(added?.id).toBe('n');
  });

  it('reads rows stored before the chat facts existed (fields missing) as empty', () => {
    const old = chat('o', { status: 'pending' }) as Partial<Chat>;
    delete old.firstReplyAt;
    delete old.unansweredSince;
    const [row] = clientRows([old as Chat]);
    expect(row?.firstReplyAt).toBeNull();
    expect(row?.unansweredSince).toBeNull();
  });
});

describe('the channel, team and operator tables', () => {
  const chats = [
    // Support: two waiting, Ann holds two (her limit is 2: no free slot), Bob holds one.
    chat('p1', { status: 'pending' }),
    chat('p2', { status: 'pending' }),
    chat('a1', {
      status: 'assigned',
      operatorId: 'ann',
      assignedAt: at('09:01'),
      reactedAt: at('09:03'),
      firstReplyAt: at('09:03'),
      firstReplyBy: 'ann',
    }),
    chat('a2', {
      status: 'assigned',
      operatorId: 'ann',
      assignedAt: at('09:10'),
      // Bob answered first, then it went to Ann, who has not reacted yet.
      firstReplyAt: at('09:05'),
      firstReplyBy: 'bob',
    }),
    chat('b1', {
      status: 'assigned',
      operatorId: 'bob',
      assignedAt: at('08:00'),
      reactedAt: at('08:10'),
      firstReplyAt: at('08:10'),
      firstReplyBy: 'bob',
      createdAt: at('07:50'),
    }),
    // Closed chats count nothing live: the day's numbers are the figures' below.
    chat('y1', {
      status: 'closed',
      operatorId: 'bob',
      createdAt: '2026-11-25T10:00:00.000Z',
      assignedAt: '2026-11-25T10:00:00.000Z',
      reactedAt: '2026-11-25T10:01:00.000Z',
      firstReplyAt: '2026-11-25T10:01:00.000Z',
      firstReplyBy: 'bob',
      closedAt: '2026-11-25T11:00:00.000Z',
    }),
    chat('c1', {
      status: 'closed',
      channelId: 'tg',
      teamId: 'sal',
      operatorId: 'bob',
      assignedAt: at('07:00'),
      closedAt: at('09:15'),
    }),
    // A chat a bot holds: at bot, not at work, and nobody's open dialog.
    chat('b1', {
      status: 'assigned',
      channelId: 'web',
      teamId: 'sup',
      operatorId: null,
      botId: 'greeter',
      assignedAt: at('09:40'),
    }),
    // A staff-started chat has no first reply time.
    chat('s1', {
      status: 'assigned',
      operatorId: 'bob',
      createdBy: 'bob',
      assignedAt: at('09:00'),
      reactedAt: at('09:00'),
      firstReplyAt: at('09:30'),
      firstReplyBy: 'bob',
    }),
  ];
  // Today's figures (the server's, cut from the roll-ups): Ann answered one chat first after
  // 3 min; Bob two, after 5 and 20 min; Bob closed one on Telegram for Sales.
  const today = [
    figures('web', 'sup', 'ann', { firstReply: [3 * 60_000], reaction: [2 * 60_000], assigned: 2 }),
    figures('web', 'sup', 'bob', {
      firstReply: [5 * 60_000, 20 * 60_000],
      reaction: [60_000, 9 * 60_000],
      assigned: 2,
    }),
    figures('tg', 'sal', 'bob', { assigned: 1, closed: 1 }),
  ];
  const tables = monitoringTables(chats, today);
  const teamRow = (id: string) => tables.teams.find((row) => row.id === id);
  const operatorRow = (id: string) => tables.operators.find((row) => row.id === id);
  const channelRow = (id: string) => tables.channels.find((row) => row.id === id);

  it('counts the queue, chats at work and chats at a bot', () => {
    expect(teamRow('sup')).toMatchObject({ inQueue: 2, atWork: 4, atBot: 1 });
    expect(channelRow('web')).toMatchObject({ inQueue: 2, atWork: 4, atBot: 1 });
    expect(teamRow('sal')).toMatchObject({ atBot: 0 });
    expect(operatorRow('ann')).toMatchObject({ atWork: 2, inQueue: 2 });
    // Bob's teams are Support and Sales: both queues are his to watch.
    expect(operatorRow('bob')).toMatchObject({ atWork: 2, inQueue: 2 });
  });

  it('available operators and slots: online, In work, below the team limit', () => {
    // Support (limit 2): Ann and Bob hold two chats each, so nobody is free though both work;
    // Dan is offline and Cat is not in Support.
    expect(teamRow('sup')).toMatchObject({ available: 0, slots: 0, status: 'full' });
    // Sales (limit 3) leaves Bob one; Cat is on Break.
    expect(teamRow('sal')).toMatchObject({ available: 1, slots: 1, status: 'open' });
    expect(operatorRow('bob')).toMatchObject({ dialogLimit: 3, slots: 1, available: 1 });
    expect(operatorRow('ann')).toMatchObject({ slots: 0, available: 0, state: 'in_work' });
    expect(operatorRow('cat')).toMatchObject({ slots: 0, available: 0, state: 'break' });
    expect(operatorRow('dan')?.state).toBe('offline');
    // Someone whose role may not be given chats is no operator.
    expect(operatorRow('eve')).toBeUndefined();
    expect(channelRow('tg')?.status).toBe('inactive');
  });

  it('the closed chats count nothing live: the day’s numbers are the figures’', () => {
    const without = monitoringTables(chats, []);
    expect(without.operators.find((row) => row.id === 'bob')).toMatchObject({
      closed: 0,
      assigned: 0,
      replySpeed: { count: 0, meanMs: null, medianMs: null },
    });
  });

  it('reply speed: today’s first replies, summed over the rows of each channel, team and operator', () => {
    expect(teamRow('sup')?.replySpeed).toEqual({
      count: 3,
      meanMs: ((3 + 5 + 20) * 60_000) / 3,
      medianMs: 5 * 60_000,
    });
    expect(operatorRow('ann')?.replySpeed.count).toBe(1);
    expect(operatorRow('bob')?.replySpeed).toMatchObject({ count: 2, medianMs: 12.5 * 60_000 });
  });

  it('reaction speed, assigned and closed: today’s figures per row', () => {
    expect(operatorRow('ann')?.reactionSpeed).toMatchObject({ count: 1, meanMs: 2 * 60_000 });
    expect(operatorRow('bob')?.reactionSpeed).toMatchObject({ count: 2, meanMs: 5 * 60_000 });
    expect(operatorRow('ann')).toMatchObject({ assigned: 2, closed: 0 });
    expect(operatorRow('bob')).toMatchObject({ assigned: 3, closed: 1 });
    expect(teamRow('sal')).toMatchObject({ closed: 1, assigned: 1 });
    expect(channelRow('tg')).toMatchObject({ closed: 1 });
  });
});
