import { v5 as uuidv5 } from 'uuid';
import type { DayFigures } from '../entities/day-figures';
import type { Dimensions } from './observations';
import { CLOSE_CAUSES } from './facts';
import type { LocalDay } from './local-day';
import type { DailyRollup } from './rollup';

/**
 * Today's figures for online monitoring, cut from the organization's daily roll-ups of chats
 * (rollup.ts): the same rows the reports combine, reduced to what the monitoring tables show.
 * One figures row per roll-up row, so a monitoring filter (channel, team, operator) sums exactly
 * the rows a report with the same filter would (docs/monitoring.md "Today's figures").
 */

/** The namespace of figures ids (a fixed random UUID): ids are UUIDv5 of the dimensions. */
const FIGURES_NAMESPACE = '0d4f0c8e-5a3b-4f7e-9d62-2b8a1c7e4f90';

/**
 * A figures row's id: the same for the same organization and dimensions every day, so a row is
 * replaced as its numbers move and a browser keeps one row per combination.
 */
export const figuresId = (orgId: string, d: Dimensions): string =>
  uuidv5(
    `${orgId}|${d.channelId ?? ''}|${d.teamId ?? ''}|${d.operatorId ?? ''}`,
    FIGURES_NAMESPACE,
  );

/** The figures rows of one day's chat roll-ups; rows with nothing monitoring shows are left out. */
export function dayFiguresOf(orgId: string, day: LocalDay, rollups: readonly DailyRollup[]) {
  const out: DayFigures[] = [];
  for (const row of rollups) {
    if (row.day !== day) continue;
    const closed = CLOSE_CAUSES.reduce((n, cause) => n + row.closes[cause], 0);
    const figures: DayFigures = {
      id: figuresId(orgId, row),
      day,
      channelId: row.channelId,
      teamId: row.teamId,
      operatorId: row.operatorId,
      firstReply: [...row.firstReply.values],
      reaction: [...row.reaction.values],
      assigned: row.assigned.operator,
      closed,
    };
    if (figures.firstReply.length + figures.reaction.length + figures.assigned + closed > 0)
      out.push(figures);
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export const sameFigures = (a: DayFigures, b: DayFigures): boolean =>
  a.id === b.id &&
  a.day === b.day &&
  a.channelId === b.channelId &&
  a.teamId === b.teamId &&
  a.operatorId === b.operatorId &&
  a.assigned === b.assigned &&
  a.closed === b.closed &&
  sameList(a.firstReply, b.firstReply) &&
  sameList(a.reaction, b.reaction);

/**
 * What to write so the stored rows become `next`: rows new or changed, and ids no longer there
 * (a combination with nothing today, or a row of an earlier day). Nothing when nothing moved, so
 * the browsers are sent nothing.
 */
export function figuresDiff(
  stored: readonly DayFigures[],
  next: readonly DayFigures[],
): { put: DayFigures[]; remove: string[] } {
  const before = new Map(stored.map((row) => [row.id, row]));
  const put = next.filter((row) => {
    const old = before.get(row.id);
    return !old || !sameFigures(old, row);
  });
  const kept = new Set(next.map((row) => row.id));
  const remove = stored.filter((row) => !kept.has(row.id)).map((row) => row.id);
  return { put, remove };
}
