import { describe, expect, it } from 'vitest';
import { dayFiguresOf, figuresDiff, figuresId } from './day-figures';
import { emptyCounters, type DailyRollup } from './rollup';

const ORG = '0190a000-0000-7000-8000-000000000001';
const CHANNEL = '0190a000-0000-7000-8000-0000000000c1';
const TEAM = '0190a000-0000-7000-8000-0000000000d1';
const ANN = '0190a000-0000-7000-8000-0000000000a1';
const BOB = '0190a000-0000-7000-8000-0000000000b1';

function rollup(day: string, operatorId: string | null, edit: (row: DailyRollup) => void) {
  const row: DailyRollup = {
    orgId: ORG,
    day,
    channelId: CHANNEL,
    teamId: TEAM,
    operatorId,
    ...emptyCounters(),
  };
  edit(row);
  return row;
}

describe('today’s figures for monitoring', () => {
  const ann = rollup('2026-11-26', ANN, (row) => {
    row.firstReply = { count: 2, sumMs: 4000, values: [1000, 3000] };
    row.reaction = { count: 1, sumMs: 500, values: [500] };
    row.assigned = { bot: 1, operator: 2, team: 3 };
    row.closes.operator = 1;
    row.closes.unattended = 2;
    row.dialogs = 4;
  });

  it('carry each roll-up row’s first replies, reactions, assignments to operators and closes of every cause', () => {
    const [figures] = dayFiguresOf(ORG, '2026-11-26', [ann]);
    expect(figures).toEqual({
      id: figuresId(ORG, ann),
      day: '2026-11-26',
      channelId: CHANNEL,
      teamId: TEAM,
      operatorId: ANN,
      firstReply: [1000, 3000],
      reaction: [500],
      assigned: 2,
      closed: 3,
    });
  });

  it('leave out rows of other days and rows with nothing monitoring shows', () => {
    const yesterday = rollup('2026-11-25', ANN, (row) => {
      row.assigned.operator = 5;
    });
    const onlyDialogs = rollup('2026-11-26', BOB, (row) => {
      row.dialogs = 3;
      row.missed = 1;
    });
    expect(dayFiguresOf(ORG, '2026-11-26', [yesterday, onlyDialogs, ann])).toHaveLength(1);
  });

  it('keep one id per organization and combination, whatever the day, and another for another operator', () => {
    const later = rollup('2026-11-27', ANN, () => {});
    expect(figuresId(ORG, later)).toBe(figuresId(ORG, ann));
    expect(figuresId(ORG, { ...ann, operatorId: BOB })).not.toBe(figuresId(ORG, ann));
    expect(figuresId('0190a000-0000-7000-8000-000000000002', ann)).not.toBe(figuresId(ORG, ann));
    expect(figuresId(ORG, ann)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab]/);
  });

  it('send only the rows that moved, and remove the combinations gone and the rows of an earlier day', () => {
    const [before] = dayFiguresOf(ORG, '2026-11-26', [ann]);
    const bob = rollup('2026-11-26', BOB, (row) => {
      row.closes.operator = 1;
    });
    if (!before) throw new Error('no figures');
    const same = dayFiguresOf(ORG, '2026-11-26', [ann]);
    expect(figuresDiff([before], same)).toEqual({ put: [], remove: [] });

    const moved = rollup('2026-11-26', ANN, (row) => {
      row.firstReply = { count: 3, sumMs: 4200, values: [200, 1000, 3000] };
    });
    const next = dayFiguresOf(ORG, '2026-11-26', [moved, bob]);
    const diff = figuresDiff([before], next);
    expect(diff.remove).toEqual([]);
    expect(diff.put.map((row) => row.operatorId).sort()).toEqual([ANN, BOB].sort());

    // After midnight nothing of the new day yet: yesterday's rows go.
    expect(figuresDiff(next, dayFiguresOf(ORG, '2026-11-27', [moved, bob]))).toEqual({
      put: [],
      remove: next.map((row) => row.id),
    });
  });
});
