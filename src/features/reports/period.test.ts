import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS, reportKey } from '../../protocol/reports';
import {
  NO_FILTERS,
  checkPeriod,
  daysInRange,
  isLocalDay,
  reportQueryOf,
  type PeriodChoice,
} from './period';

const choice = (over: Partial<PeriodChoice>): PeriodChoice => ({
  kind: 'range',
  day: '',
  from: '',
  to: '',
  ...over,
});

describe('the report period rules (spec §5, §9)', () => {
  it.each(['today', 'yesterday', 'last7', 'last30'] as const)('%s needs no dates', (kind) => {
    expect(checkPeriod(choice({ kind }))).toEqual({ ok: true, period: { kind } });
  });

  it('an arbitrary date is required, and must exist', () => {
    expect(checkPeriod(choice({ kind: 'date' }))).toEqual({
      ok: false,
      problems: [{ field: 'day', message: 'reports.period.dayRequired' }],
    });
    expect(checkPeriod(choice({ kind: 'date', day: '2026-02-30' }))).toEqual({
      ok: false,
      problems: [{ field: 'day', message: 'reports.period.invalidDate' }],
    });
    expect(checkPeriod(choice({ kind: 'date', day: '2026-02-28' }))).toEqual({
      ok: true,
      period: { kind: 'date', day: '2026-02-28' },
    });
  });

  it('an arbitrary period needs its start and its end, each at its field', () => {
    expect(checkPeriod(choice({}))).toEqual({
      ok: false,
      problems: [
        { field: 'from', message: 'reports.period.fromRequired' },
        { field: 'to', message: 'reports.period.toRequired' },
      ],
    });
    expect(checkPeriod(choice({ from: '2026-03-01' }))).toEqual({
      ok: false,
      problems: [{ field: 'to', message: 'reports.period.toRequired' }],
    });
    expect(checkPeriod(choice({ from: '01.03.2026', to: '2026-03-02' }))).toEqual({
      ok: false,
      problems: [{ field: 'from', message: 'reports.period.invalidDate' }],
    });
  });

  it('the end is not before the start; one day (start = end) is a period', () => {
    expect(checkPeriod(choice({ from: '2026-03-02', to: '2026-03-01' }))).toEqual({
      ok: false,
      problems: [{ field: 'to', message: 'reports.period.endBeforeStart' }],
    });
    expect(checkPeriod(choice({ from: '2026-03-02', to: '2026-03-02' }))).toEqual({
      ok: true,
      period: { kind: 'range', from: '2026-03-02', to: '2026-03-02' },
    });
  });

  it(`covers at most ${REPORT_MAX_DAYS} days`, () => {
    // 2024 is a leap year: 2024-01-01 … 2024-12-31 is 366 days, one more is too many.
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(REPORT_MAX_DAYS);
    expect(checkPeriod(choice({ from: '2024-01-01', to: '2024-12-31' })).ok).toBe(true);
    expect(checkPeriod(choice({ from: '2024-01-01', to: '2025-01-01' }))).toEqual({
      ok: false,
      problems: [{ field: 'to', message: 'reports.period.tooLong' }],
    });
  });

  it('knows a real calendar day', () => {
    expect(isLocalDay('2024-02-29')).toBe(true);
    expect(isLocalDay('2025-02-29')).toBe(false);
    expect(isLocalDay('2025-13-01')).toBe(false);
    expect(isLocalDay('')).toBe(false);
  });

  it('a query of the same choice on another tab is another stored report', () => {
    const a = reportQueryOf('common', { kind: 'last7' }, NO_FILTERS);
    const b = reportQueryOf('channels', { kind: 'last7' }, { ...NO_FILTERS, teamId: 't1' });
    expect(reportKey(a)).toBe('common|last7|*|*|*');
    expect(reportKey(b)).toBe('channels|last7|*|t1|*');
  });
});
