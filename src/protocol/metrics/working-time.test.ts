import { describe, expect, it } from 'vitest';
import type { PresenceChange } from './facts';
import { dayRange, daysSpan } from './local-day';
import type { Observation } from './observations';
import { presenceState, workingTime } from './working-time';

const HOUR = 3_600_000;
const utc = (iso: string): number => Date.parse(iso);
const BERLIN = 'Europe/Berlin';

/** Hours per day and state, from working-time observations, bucketed by the days given. */
function hoursByDay(observations: Observation[], days: string[], zone: string) {
  const out: Record<string, Record<string, number>> = {};
  for (const day of days) {
    const { start, end } = dayRange(day, zone);
    const row: Record<string, number> = {};
    for (const o of observations)
      if (o.metric === 'workingTime' && o.at >= start && o.at < end)
        row[o.state] = (row[o.state] ?? 0) + o.ms / HOUR;
    out[day] = row;
  }
  return out;
}

describe('working time by state', () => {
  it('names the state: not online whatever the status, otherwise break or at work', () => {
    expect(presenceState({ online: false, status: 'in_work' })).toBe('not_online');
    expect(presenceState({ online: true, status: 'break' })).toBe('break');
    expect(presenceState({ online: true, status: 'in_work' })).toBe('at_work');
  });

  it('splits an ordinary Berlin day into not online, break and at work', () => {
    // Berlin is UTC+1 on 10 March: 08:00 local is 07:00 UTC.
    const changes: PresenceChange[] = [
      { operatorId: 'op-a', at: utc('2026-03-10T07:00:00Z'), online: true },
      { operatorId: 'op-a', at: utc('2026-03-10T07:00:00Z'), status: 'in_work' },
      { operatorId: 'op-a', at: utc('2026-03-10T11:00:00Z'), status: 'break' },
      { operatorId: 'op-a', at: utc('2026-03-10T12:00:00Z'), status: 'in_work' },
      { operatorId: 'op-a', at: utc('2026-03-10T16:00:00Z'), online: false },
    ];
    const observations = workingTime(changes, daysSpan('2026-03-10', '2026-03-10', BERLIN), BERLIN);
    expect(hoursByDay(observations, ['2026-03-10'], BERLIN)).toEqual({
      '2026-03-10': { not_online: 15, at_work: 8, break: 1 },
    });
    expect(observations.every((o) => o.operatorId === 'op-a' && o.channelId === null)).toBe(true);
  });

  it('gives the 23-hour day of the change 23 hours and cuts a night shift at midnight', () => {
    // Online and at work from 22:00 on the 28th to 02:00 on the 29th, Berlin time: 21:00 UTC
    // to 00:00 UTC (clocks go forward at 02:00 local = 01:00 UTC, after the shift ends).
    const changes: PresenceChange[] = [
      { operatorId: 'op-a', at: utc('2026-03-28T21:00:00Z'), online: true, status: 'in_work' },
      { operatorId: 'op-a', at: utc('2026-03-29T00:00:00Z'), online: false },
    ];
    const days = ['2026-03-28', '2026-03-29', '2026-03-30'];
    const observations = workingTime(
      changes,
      daysSpan('2026-03-28', '2026-03-30', BERLIN),
      BERLIN,
      new Map([['op-b', { online: true, status: 'break' }]]),
    );
    const a = observations.filter((o) => o.operatorId === 'op-a');
    expect(hoursByDay(a, days, BERLIN)).toEqual({
      '2026-03-28': { not_online: 22, at_work: 2 },
      '2026-03-29': { at_work: 1, not_online: 22 },
      '2026-03-30': { not_online: 24 },
    });
    // An operator with no changes keeps the state they were known in, every hour of each day.
    const b = observations.filter((o) => o.operatorId === 'op-b');
    expect(hoursByDay(b, days, BERLIN)).toEqual({
      '2026-03-28': { break: 24 },
      '2026-03-29': { break: 23 },
      '2026-03-30': { break: 24 },
    });
  });

  it('starts from what the changes before the span say and stops at its end', () => {
    const changes: PresenceChange[] = [
      { operatorId: 'op-a', at: utc('2026-03-09T08:00:00Z'), online: true, status: 'in_work' },
      { operatorId: 'op-a', at: utc('2026-03-10T09:00:00Z'), status: 'break' },
    ];
    // "Today" up to now: 10:00 UTC on the 10th.
    const span = { start: dayRange('2026-03-10', BERLIN).start, end: utc('2026-03-10T10:00:00Z') };
    expect(hoursByDay(workingTime(changes, span, BERLIN), ['2026-03-10'], BERLIN)).toEqual({
      '2026-03-10': { at_work: 10, break: 1 },
    });
  });
});
