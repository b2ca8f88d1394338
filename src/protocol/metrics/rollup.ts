import { CLOSE_CAUSES, type CloseCause } from './facts';
import { dayBucketer, type LocalDay } from './local-day';
import {
  PRESENCE_STATES,
  type Dimensions,
  type Observation,
  type PresenceState,
} from './observations';
import { ascending, medianOfSorted, type DurationStats } from './stats';

/**
 * Daily roll-ups: the observations of one organization summed per local day (in its zone),
 * channel, team and operator. A report over a period combines the period's rows, so 30 days read
 * 30 × dimensions rows, never the raw log.
 *
 * Medians: a row keeps every duration of its day, ascending, beside their count and sum. Exact
 * lists make a period's median exactly the median of all its values (a sketch such as t-digest or
 * DDSketch would only approximate it, and a report that moves when split differently is the
 * distrust research §1 lists); at the 10,000-chat organization a month is ~10⁴ first replies
 * and ~10⁵ reply turns, a few hundred kilobytes and a sort of a few milliseconds. Count and sum
 * stay exact on their own, so a sketch could replace `values` for a far larger account without
 * touching the means.
 */

/** Durations of one metric, in milliseconds: `values` ascending, `count` and `sumMs` of them. */
export type Durations = { count: number; sumMs: number; values: number[] };

export type RollupCounters = {
  /** Intervals opened. */
  dialogs: number;
  /** Distinct client ids of the dialogs opened, as recorded (merges resolve when reporting). */
  clients: string[];
  firstReply: Durations;
  replyTime: Durations;
  reaction: Durations;
  dialogTime: Durations;
  unansweredAssignments: number;
  missed: number;
  closes: Record<CloseCause, number>;
  /** Closes per request category id (the appeal-categories tab); no category is not listed. */
  categories: Record<string, number>;
  assigned: { bot: number; operator: number; team: number };
  transferred: number;
  /** How many ratings of 1, 2, 3, 4 and 5 (index 0 is rating 1). */
  ratings: [number, number, number, number, number];
  workingTime: Record<PresenceState, number>;
};

export type DailyRollup = Dimensions & { orgId: string; day: LocalDay } & RollupCounters;

const emptyDurations = (): Durations => ({ count: 0, sumMs: 0, values: [] });

export function emptyCounters(): RollupCounters {
  return {
    dialogs: 0,
    clients: [],
    firstReply: emptyDurations(),
    replyTime: emptyDurations(),
    reaction: emptyDurations(),
    dialogTime: emptyDurations(),
    unansweredAssignments: 0,
    missed: 0,
    closes: Object.fromEntries(CLOSE_CAUSES.map((cause) => [cause, 0])) as Record<
      CloseCause,
      number
    >,
    categories: {},
    assigned: { bot: 0, operator: 0, team: 0 },
    transferred: 0,
    ratings: [0, 0, 0, 0, 0],
    workingTime: Object.fromEntries(PRESENCE_STATES.map((state) => [state, 0])) as Record<
      PresenceState,
      number
    >,
  };
}

const addDuration = (durations: Durations, value: number): void => {
  durations.count += 1;
  durations.sumMs += value;
  durations.values.push(value);
};

/** Adds one observation to a row being built (its lists are sorted once, by `finish`). */
function add(row: RollupCounters, clients: Set<string>, o: Observation): void {
  switch (o.metric) {
    case 'dialog':
      row.dialogs += 1;
      clients.add(o.clientId);
      return;
    case 'firstReply':
    case 'replyTime':
    case 'reaction':
    case 'dialogTime':
      addDuration(row[o.metric], o.ms);
      return;
    case 'unansweredAssignment':
      row.unansweredAssignments += 1;
      return;
    case 'missed':
      row.missed += 1;
      return;
    case 'closed':
      row.closes[o.cause] += 1;
      if (o.categoryId) row.categories[o.categoryId] = (row.categories[o.categoryId] ?? 0) + 1;
      return;
    case 'assigned':
      row.assigned[o.to] += 1;
      return;
    case 'transferred':
      row.transferred += 1;
      return;
    case 'rated':
      row.ratings[o.rating - 1] = (row.ratings[o.rating - 1] ?? 0) + 1;
      return;
    case 'workingTime':
      row.workingTime[o.state] += o.ms;
      return;
  }
}

function finish(row: RollupCounters, clients: Set<string>): void {
  row.clients = [...clients].sort();
  for (const durations of [row.firstReply, row.replyTime, row.reaction, row.dialogTime])
    durations.values = ascending(durations.values);
}

/** The rows of one organization's observations: one per local day and dimensions present. */
export function rollUp(
  orgId: string,
  zone: string,
  observations: Iterable<Observation>,
): DailyRollup[] {
  const dayOf = dayBucketer(zone);
  const rows = new Map<string, { row: DailyRollup; clients: Set<string> }>();
  for (const o of observations) {
    const day = dayOf(o.at);
    const key = `${day}|${o.channelId ?? ''}|${o.teamId ?? ''}|${o.operatorId ?? ''}`;
    let entry = rows.get(key);
    if (!entry) {
      entry = {
        row: {
          orgId,
          day,
          channelId: o.channelId,
          teamId: o.teamId,
          operatorId: o.operatorId,
          ...emptyCounters(),
        },
        clients: new Set(),
      };
      rows.set(key, entry);
    }
    add(entry.row, entry.clients, o);
  }
  return [...rows.values()].map(({ row, clients }) => {
    finish(row, clients);
    return row;
  });
}

const mergeDurations = (parts: readonly Durations[]): Durations => {
  let count = 0;
  let sumMs = 0;
  const all: number[] = [];
  for (const part of parts) {
    count += part.count;
    sumMs += part.sumMs;
    for (const value of part.values) all.push(value);
  }
  return { count, sumMs, values: ascending(all) };
};

/** A period's totals: the sum of its rows (distinct clients united, duration lists merged). */
export function combine(rows: Iterable<RollupCounters>): RollupCounters {
  const list = [...rows];
  const total = emptyCounters();
  const clients = new Set<string>();
  for (const row of list) {
    total.dialogs += row.dialogs;
    for (const client of row.clients) clients.add(client);
    total.unansweredAssignments += row.unansweredAssignments;
    total.missed += row.missed;
    for (const cause of CLOSE_CAUSES) total.closes[cause] += row.closes[cause];
    for (const [category, n] of Object.entries(row.categories))
      total.categories[category] = (total.categories[category] ?? 0) + n;
    total.assigned.bot += row.assigned.bot;
    total.assigned.operator += row.assigned.operator;
    total.assigned.team += row.assigned.team;
    total.transferred += row.transferred;
    row.ratings.forEach((n, i) => (total.ratings[i] = (total.ratings[i] ?? 0) + n));
    for (const state of PRESENCE_STATES) total.workingTime[state] += row.workingTime[state];
  }
  total.clients = [...clients].sort();
  total.firstReply = mergeDurations(list.map((row) => row.firstReply));
  total.replyTime = mergeDurations(list.map((row) => row.replyTime));
  total.reaction = mergeDurations(list.map((row) => row.reaction));
  total.dialogTime = mergeDurations(list.map((row) => row.dialogTime));
  return total;
}

/** A report's filters (spec: channel, team, operator); an absent one lets everything through. */
export type ReportFilter = {
  channelIds?: ReadonlySet<string>;
  teamIds?: ReadonlySet<string>;
  operatorIds?: ReadonlySet<string>;
};

const passes = (value: string | null, allowed: ReadonlySet<string> | undefined): boolean =>
  !allowed || (value !== null && allowed.has(value));

/**
 * Whether a row or an observation is inside the filters. Working time carries no channel or
 * team, so a channel or team filter leaves it out: the Working time tab filters by operator (a
 * team's members, which the caller knows).
 */
export const matchesFilter = (dims: Dimensions, filter: ReportFilter): boolean =>
  passes(dims.channelId, filter.channelIds) &&
  passes(dims.teamId, filter.teamIds) &&
  passes(dims.operatorId, filter.operatorIds);

/** The rows of a period of local days (both ends included) inside the filters. */
export function selectRollups(
  rows: Iterable<DailyRollup>,
  days: { from: LocalDay; to: LocalDay },
  filter: ReportFilter = {},
): DailyRollup[] {
  const out: DailyRollup[] = [];
  for (const row of rows)
    if (row.day >= days.from && row.day <= days.to && matchesFilter(row, filter)) out.push(row);
  return out;
}

/**
 * Totals per key (per operator for the Employees tab, per team, per channel, per day for a
 * chart), each combined the same way as the whole period, so a table and its chart agree.
 */
export function combineBy<K>(
  rows: Iterable<DailyRollup>,
  key: (row: DailyRollup) => K,
): Map<K, RollupCounters> {
  const groups = new Map<K, DailyRollup[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return new Map([...groups].map(([k, group]) => [k, combine(group)]));
}

/** Count, mean and median of a metric's combined durations. */
export const statsOf = (durations: Durations): DurationStats => ({
  count: durations.count,
  meanMs: durations.count === 0 ? null : durations.sumMs / durations.count,
  medianMs: medianOfSorted(durations.values),
});
