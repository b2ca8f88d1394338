import { describe, expect, it } from 'vitest';
import { chatObservations } from './chat-metrics';
import type { ChatTimeline, HistoryLine, MessageLine, PresenceChange } from './facts';
import { addDays, dayStart, daysBetween, daysSpan, type LocalDay } from './local-day';
import type { Observation } from './observations';
import { clientDirectory, reportFromObservations, reportFromTotals } from './report';
import { combine, combineBy, rollUp, selectRollups, type ReportFilter } from './rollup';
import { MINUTE, bot, chatOf, client, lines, note, reply } from './test-fixtures';
import { workingTime } from './working-time';

const BERLIN = 'Europe/Berlin';
const FIRST: LocalDay = '2026-03-25';
const LAST: LocalDay = '2026-04-02';

/** A small seeded generator (mulberry32): the same chats on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPERATORS = ['op-a', 'op-b', 'op-c'];
const TEAMS = ['team-1', 'team-2'];
const CHANNELS = ['ch-1', 'ch-2'];
/** client-3 was merged into client-1; client-spam is flagged as spam. */
const CLIENTS = ['client-1', 'client-2', 'client-3', 'client-4', 'client-5', 'client-spam'];
const directory = clientDirectory([{ id: 'client-3', survivorId: 'client-1' }], ['client-spam']);

/**
 * Chats spread over nine days around Berlin's change to summer time (29 March), with bots that
 * answer first, transfers, team transfers, reopens, every close cause, ratings, and customers
 * writing in the minutes around local midnight.
 */
function generateChats(count: number, seed: number): ChatTimeline[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const between = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo));
  const { start, end } = daysSpan(FIRST, LAST, BERLIN);
  const chats: ChatTimeline[] = [];
  for (let n = 0; n < count; n++) {
    // A quarter of the chats begin within 20 minutes of a local midnight (22:40–23:20 UTC
    // before the change, 21:40–22:20 after), where a UTC bucketing would go wrong.
    let t =
      rnd() < 0.25
        ? dayStart(pick(daysBetween(addDays(FIRST, 1), LAST)), BERLIN) -
          20 * MINUTE +
          between(0, 40 * MINUTE)
        : between(start, end - 6 * 60 * MINUTE);
    t = Math.max(start, t);
    const rows: (HistoryLine | MessageLine)[] = [];
    const team = pick(TEAMS);
    let operator = pick(OPERATORS);
    const intervals = rnd() < 0.15 ? 2 : 1;
    for (let k = 0; k < intervals; k++) {
      const staff = k === 0 && rnd() < 0.1;
      if (staff) {
        rows.push(lines.createdByStaff(t, operator), reply(operator, t));
      } else {
        rows.push(k === 0 ? lines.created(t, team) : lines.reopened(t, team), client(t), bot(t));
      }
      if (!staff && rnd() < 0.2) {
        // A bot holds it first and answers before handing over.
        rows.push(lines.toBot(t, 'bot-1'), bot(t + between(1000, 30_000)));
        t += between(MINUTE, 5 * MINUTE);
      }
      const kind = rnd();
      if (!staff && kind < 0.12) {
        t += between(60 * MINUTE, 20 * 60 * MINUTE);
        rows.push(lines.closed(t, null, 'unattended'));
      } else if (!staff && kind < 0.18) {
        t += between(MINUTE, 30 * MINUTE);
        rows.push(lines.closedByBot(t));
      } else {
        if (!staff) {
          t += between(5_000, 10 * MINUTE);
          rows.push(lines.assigned(t, operator, rnd() < 0.3 ? operator : null));
        }
        const turns = between(1, 5);
        for (let turn = 0; turn < turns; turn++) {
          if (rnd() < 0.3) rows.push(note(operator, t + between(1000, MINUTE)));
          if (rnd() < 0.15) {
            const next = pick(OPERATORS.filter((o) => o !== operator));
            t += between(1000, 5 * MINUTE);
            rows.push(lines.toOperator(t, operator, next, operator));
            operator = next;
          }
          if (rnd() < 0.1) {
            // No reply in time: back to the queue, then someone else.
            t += between(5 * MINUTE, 15 * MINUTE);
            rows.push(lines.unassigned(t, operator));
            operator = pick(OPERATORS);
            rows.push(lines.assigned(t, operator));
          }
          t += between(2_000, 25 * MINUTE);
          rows.push(reply(operator, t));
          t += between(MINUTE, 40 * MINUTE);
          rows.push(client(t));
          if (rnd() < 0.3) rows.push(client(t + between(1000, 2 * MINUTE)));
        }
        if (rnd() < 0.7) {
          t += between(10_000, 9 * MINUTE);
          rows.push(reply(operator, t));
        }
        t += between(MINUTE, 90 * MINUTE);
        const close = rnd();
        rows.push(
          close < 0.5
            ? lines.closed(t, operator, undefined, pick(['cat-1', 'cat-2', null]))
            : close < 0.7
              ? lines.closed(t, null, 'client_inactivity')
              : close < 0.85
                ? lines.closed(t, null, 'inactivity')
                : lines.closed(t, 'op-c', 'spam'),
        );
        if (rnd() < 0.5) rows.push(lines.rated(t + between(MINUTE, 120 * MINUTE), between(1, 6)));
      }
      t += between(30 * MINUTE, 30 * 60 * MINUTE);
    }
    chats.push(
      chatOf(`chat-${n}`, rows, {
        channelId: pick(CHANNELS),
        clientId: pick(CLIENTS),
        teamId: team,
      }),
    );
  }
  return chats;
}

/** Operators coming and going, on break and back, over the same days. */
function generatePresence(seed: number): PresenceChange[] {
  const rnd = random(seed);
  const { start, end } = daysSpan(FIRST, LAST, BERLIN);
  const changes: PresenceChange[] = [];
  for (const operatorId of OPERATORS) {
    for (let t = start + Math.floor(rnd() * 3 * 60 * MINUTE); t < end;) {
      const r = rnd();
      changes.push(
        r < 0.3
          ? { operatorId, at: t, online: rnd() < 0.6 }
          : { operatorId, at: t, status: rnd() < 0.6 ? 'in_work' : 'break' },
      );
      t += Math.floor(rnd() * 5 * 60 * MINUTE) + 1000;
    }
  }
  return changes;
}

const chats = generateChats(400, 20_260_329);
const observations: Observation[] = [
  ...chats.flatMap(chatObservations),
  ...workingTime(generatePresence(7), daysSpan(FIRST, LAST, BERLIN), BERLIN),
];
const rows = rollUp('org-1', BERLIN, observations);

const PERIODS: [LocalDay, LocalDay][] = [
  [FIRST, LAST],
  ['2026-03-28', '2026-03-30'], // across the change
  ['2026-03-29', '2026-03-29'], // the 23-hour day alone
  ['2026-03-30', '2026-04-01'],
];
const FILTERS: [string, ReportFilter][] = [
  ['no filter', {}],
  ['one channel', { channelIds: new Set(['ch-2']) }],
  ['one team', { teamIds: new Set(['team-1']) }],
  ['one operator', { operatorIds: new Set(['op-b']) }],
  [
    'channel and operators',
    { channelIds: new Set(['ch-1']), operatorIds: new Set(['op-a', 'op-c']) },
  ],
];

describe('daily roll-ups', () => {
  it('has data for every metric to compare (the fixture is not empty anywhere)', () => {
    const all = reportFromObservations(observations, daysSpan(FIRST, LAST, BERLIN), {}, directory);
    expect(all.dialogs).toBeGreaterThan(400);
    for (const stats of [all.firstReply, all.replyTime, all.reaction, all.dialogTime])
      expect(stats.count).toBeGreaterThan(50);
    expect(all.missed).toBeGreaterThan(0);
    expect(all.unansweredAssignments).toBeGreaterThan(0);
    expect(all.transferred).toBeGreaterThan(0);
    expect(Object.values(all.closesByCause).every((n) => n > 0)).toBe(true);
    expect(Object.values(all.assigned).every((n) => n > 0)).toBe(true);
    expect(all.quality.counts.every((n) => n > 0)).toBe(true);
    expect(Object.values(all.workingTime).every((n) => n > 0)).toBe(true);
    // Six recorded clients: one merged into another, one spam.
    expect(all.uniqueClients).toBe(4);
  });

  it('stamps every observation with the instant of a fact of its chat (what keeps roll-ups incremental)', () => {
    for (const chat of chats) {
      const instants = new Set(chat.facts.map((fact) => fact.at));
      expect(chatObservations(chat).every((o) => instants.has(o.at))).toBe(true);
    }
  });

  for (const [from, to] of PERIODS)
    for (const [name, filter] of FILTERS)
      it(`combines ${from}…${to} (${name}) to exactly what the whole period gives`, () => {
        const combined = reportFromTotals(
          combine(selectRollups(rows, { from, to }, filter)),
          directory,
        );
        const direct = reportFromObservations(
          observations,
          daysSpan(from, to, BERLIN),
          filter,
          directory,
        );
        expect(combined).toEqual(direct);
      });

  it('gives each operator, team, channel and day the same numbers as computing it alone', () => {
    const span = { from: FIRST, to: LAST };
    const selected = selectRollups(rows, span);
    const whole = daysSpan(FIRST, LAST, BERLIN);
    for (const [operatorId, totals] of combineBy(selected, (row) => row.operatorId)) {
      if (operatorId === null) continue;
      expect(reportFromTotals(totals, directory)).toEqual(
        reportFromObservations(
          observations,
          whole,
          { operatorIds: new Set([operatorId]) },
          directory,
        ),
      );
    }
    for (const [teamId, totals] of combineBy(selected, (row) => row.teamId)) {
      if (teamId === null) continue;
      expect(reportFromTotals(totals, directory)).toEqual(
        reportFromObservations(observations, whole, { teamIds: new Set([teamId]) }, directory),
      );
    }
    for (const [channelId, totals] of combineBy(selected, (row) => row.channelId)) {
      if (channelId === null) continue;
      expect(reportFromTotals(totals, directory)).toEqual(
        reportFromObservations(
          observations,
          whole,
          { channelIds: new Set([channelId]) },
          directory,
        ),
      );
    }
    // A chart's points: one per local day, 23 hours on the 29th.
    for (const [day, totals] of combineBy(selected, (row) => row.day))
      expect(reportFromTotals(totals, directory)).toEqual(
        reportFromObservations(observations, daysSpan(day, day, BERLIN), {}, directory),
      );
  });

  it('would notice roll-ups made in the wrong zone (the fixture has chats near midnight)', () => {
    const wrong = rollUp('org-1', 'UTC', observations);
    const days = { from: '2026-03-28', to: '2026-03-30' };
    expect(reportFromTotals(combine(selectRollups(wrong, days)), directory)).not.toEqual(
      reportFromObservations(observations, daysSpan(days.from, days.to, BERLIN), {}, directory),
    );
  });

  it('combines in any grouping to the same totals (days, then halves, then the whole)', () => {
    const selected = selectRollups(rows, { from: FIRST, to: LAST });
    const half = Math.floor(selected.length / 2);
    const twoStep = combine([combine(selected.slice(0, half)), combine(selected.slice(half))]);
    expect(twoStep).toEqual(combine(selected));
    expect(twoStep.replyTime.values).toEqual([...twoStep.replyTime.values].sort((a, b) => a - b));
  });

  it('keeps one row per local day and dimensions, in the organisation zone', () => {
    const keys = rows.map((r) => `${r.day}|${r.channelId}|${r.teamId}|${r.operatorId}`);
    expect(new Set(keys).size).toBe(rows.length);
    // Closes and ratings of the last chats fall after LAST: rows are wherever observations are.
    expect(rows.every((r) => r.orgId === 'org-1' && r.day >= FIRST)).toBe(true);
    // A reply at 23:30 UTC on the 28th is on the 29th in Berlin.
    const late: Observation = {
      metric: 'replyTime',
      ms: 1000,
      at: Date.parse('2026-03-28T23:30:00Z'),
      channelId: 'ch-1',
      teamId: 'team-1',
      operatorId: 'op-a',
    };
    expect(rollUp('org-1', BERLIN, [late])[0]?.day).toBe('2026-03-29');
    expect(rollUp('org-1', 'UTC', [late])[0]?.day).toBe('2026-03-28');
  });
});

describe('unique clients and quality', () => {
  const T = Date.parse('2026-03-10T09:00:00Z');
  const opened = (id: string, clientId: string, at: number) =>
    chatOf(id, [lines.created(at, 'team-1'), client(at)], { clientId });
  const sample = [
    opened('c1', 'client-1', T),
    opened('c2', 'client-3', T + MINUTE), // merged into client-1 after this roll-up was written
    opened('c3', 'client-spam', T + 2 * MINUTE),
    opened('c4', 'client-2', T + 3 * MINUTE),
    opened('c5', 'client-2', T + 4 * MINUTE),
  ].flatMap(chatObservations);

  it('counts a merged client once under its survivor and leaves spam out', () => {
    const day = rollUp('org-1', BERLIN, sample);
    const totals = combine(day);
    expect(totals.dialogs).toBe(5);
    expect(totals.clients).toEqual(['client-1', 'client-2', 'client-3', 'client-spam']);
    expect(reportFromTotals(totals, directory).uniqueClients).toBe(2);
    // Before the merge and the spam mark, the same rows count four.
    expect(reportFromTotals(totals, clientDirectory([], [])).uniqueClients).toBe(4);
    // A spam mark on a merged-away id reaches its survivor, and aliases chain.
    const chained = clientDirectory(
      [
        { id: 'client-3', survivorId: 'client-2' },
        { id: 'client-2', survivorId: 'client-1' },
      ],
      ['client-3'],
    );
    expect(reportFromTotals(totals, chained).uniqueClients).toBe(1);
  });

  it('gives the mean, the median and each rating share', () => {
    const rated = [5, 5, 4, 1].map((rating, i) => ({
      metric: 'rated' as const,
      rating,
      at: T + i * MINUTE,
      channelId: 'ch-1',
      teamId: 'team-1',
      operatorId: 'op-a',
    }));
    const quality = reportFromTotals(combine(rollUp('org-1', BERLIN, rated)), directory).quality;
    expect(quality).toEqual({
      rated: 4,
      mean: 3.75,
      median: 4.5,
      counts: [1, 0, 0, 1, 2],
      shares: [0.25, 0, 0, 0.25, 0.5],
    });
    expect(reportFromTotals(combine([]), directory).quality).toMatchObject({
      rated: 0,
      mean: null,
      median: null,
    });
  });
});
