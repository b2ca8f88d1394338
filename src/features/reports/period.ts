import * as v from 'valibot';
import { addDays, type ReportPeriod } from '../../protocol/metrics';
import {
  LocalDaySchema,
  REPORT_MAX_DAYS,
  type ReportQuery,
  type ReportTab,
} from '../../protocol/reports';

/**
 * The period picker's rules (spec §5: start and end dates required; a custom period required;
 * spec §9's periods), checked before a report is asked for, so a wrong range never reaches the
 * server (which checks the same again, report-api.ts).
 */

export type PeriodKind = ReportPeriod['kind'];
export const PERIOD_KINDS: readonly PeriodKind[] = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'date',
  'range',
];

/** What the picker holds: the kind, and the dates as typed (empty until chosen). */
export type PeriodChoice = { kind: PeriodKind; day: string; from: string; to: string };

export const DEFAULT_PERIOD: PeriodChoice = { kind: 'last7', day: '', from: '', to: '' };

export type PeriodField = 'day' | 'from' | 'to';
export type PeriodProblem = {
  field: PeriodField;
  message:
    | 'reports.period.dayRequired'
    | 'reports.period.fromRequired'
    | 'reports.period.toRequired'
    | 'reports.period.invalidDate'
    | 'reports.period.endBeforeStart'
    | 'reports.period.tooLong';
};

/** A real calendar day: the shape, and a date that exists (no 31 April). */
export function isLocalDay(text: string): boolean {
  return v.is(LocalDaySchema, text) && addDays(text, 0) === text;
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
  return Math.round((at(to) - at(from)) / 86_400_000) + 1;
}

function checkDay(field: PeriodField, text: string, required: PeriodProblem['message']) {
  if (text.trim() === '') return { field, message: required } satisfies PeriodProblem;
  if (!isLocalDay(text.trim()))
    return { field, message: 'reports.period.invalidDate' } satisfies PeriodProblem;
  return null;
}

/** The period the choice asks for, or what is wrong with it, at the field it concerns. */
export function checkPeriod(
  choice: PeriodChoice,
): { ok: true; period: ReportPeriod } | { ok: false; problems: PeriodProblem[] } {
  switch (choice.kind) {
    case 'today':
    case 'yesterday':
    case 'last7':
    case 'last30':
      return { ok: true, period: { kind: choice.kind } };
    case 'date': {
      const problem = checkDay('day', choice.day, 'reports.period.dayRequired');
      return problem
        ? { ok: false, problems: [problem] }
        : { ok: true, period: { kind: 'date', day: choice.day.trim() } };
    }
    case 'range': {
      const problems = [
        checkDay('from', choice.from, 'reports.period.fromRequired'),
        checkDay('to', choice.to, 'reports.period.toRequired'),
      ].filter((p): p is PeriodProblem => p !== null);
      if (problems.length > 0) return { ok: false, problems };
      const from = choice.from.trim();
      const to = choice.to.trim();
      if (to < from)
        return { ok: false, problems: [{ field: 'to', message: 'reports.period.endBeforeStart' }] };
      if (daysInRange(from, to) > REPORT_MAX_DAYS)
        return { ok: false, problems: [{ field: 'to', message: 'reports.period.tooLong' }] };
      return { ok: true, period: { kind: 'range', from, to } };
    }
  }
}

/** The report filters: null is every channel, team, operator. */
export type ReportFilters = Pick<ReportQuery, 'channelId' | 'teamId' | 'operatorId'>;
export const NO_FILTERS: ReportFilters = { channelId: null, teamId: null, operatorId: null };

/** The query of a tab for a checked period and the filters. */
export const reportQueryOf = (
  tab: ReportTab,
  period: ReportPeriod,
  filters: ReportFilters,
): ReportQuery => ({
  tab,
  period,
  channelId: filters.channelId,
  teamId: filters.teamId,
  operatorId: filters.operatorId,
});
