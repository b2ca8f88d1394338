import {
  clientCells,
  type ClientRow,
  type OperatorRow,
  type SliceRow,
  type Wait,
} from './monitoring-model';

/**
 * Filters and sorting of the monitoring tables, on arrays already in memory: a switch costs one
 * pass over 10,000 rows and a sort, never a read of the local database (DESIGN §6: ≤ 16 ms).
 */
export type MonitoringFilter = {
  channelId: string | null;
  teamId: string | null;
  operatorId: string | null;
};

export const NO_FILTER: MonitoringFilter = { channelId: null, teamId: null, operatorId: null };

/** Where a row belongs: a chat (its current team and holder) or a figures row (its dimensions). */
type Placed = { channelId: string | null; teamId: string | null; operatorId: string | null };

/** The chats (or today's figures rows) a filter keeps. */
export function chatMatches(chat: Placed, filter: MonitoringFilter): boolean {
  return (
    (filter.channelId === null || chat.channelId === filter.channelId) &&
    (filter.teamId === null || chat.teamId === filter.teamId) &&
    (filter.operatorId === null || chat.operatorId === filter.operatorId)
  );
}

export const filterChats = <C extends Placed>(
  chats: readonly C[],
  filter: MonitoringFilter,
): C[] =>
  filter.channelId === null && filter.teamId === null && filter.operatorId === null
    ? [...chats]
    : chats.filter((chat) => chatMatches(chat, filter));

/** The rows of the channel and team tables a filter keeps: its own dimension picks its row. */
export const filterSlices = (rows: readonly SliceRow[], id: string | null): SliceRow[] =>
  id === null ? [...rows] : rows.filter((row) => row.id === id);

/** The operator table under a filter: a team keeps its members, an operator their own row. */
export const filterOperators = (
  rows: readonly OperatorRow[],
  filter: MonitoringFilter,
): OperatorRow[] =>
  rows.filter(
    (row) =>
      (filter.teamId === null || row.teamIds.includes(filter.teamId)) &&
      (filter.operatorId === null || row.id === filter.operatorId),
  );

export type SortDirection = 'asc' | 'desc';
export type Sort<K extends string> = { key: K; direction: SortDirection };
export type SortValue = number | string | null;

/**
 * Sorted by one column; empty cells (null) last in either direction, ties by the value of
 * `tieKey` so rows never swap places between two paints. Returns a new array.
 */
export function sortRows<R, K extends string>(
  rows: readonly R[],
  sort: Sort<K>,
  valueOf: (row: R, key: K) => SortValue,
  tieKey: (row: R) => string,
): R[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row, sort.key), tie: tieKey(row) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else if (a.value !== b.value) {
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      if (order !== 0) return sign * order;
    }
    return a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0;
  });
  return keyed.map((entry) => entry.row);
}

export const CLIENT_COLUMNS = [
  'channel',
  'name',
  'teams',
  'startTime',
  'waitForReply',
  'operatorReaction',
  'currentWait',
  'timeInDialog',
  'status',
  'currentOperator',
  'rating',
  'lastHumanOperator',
] as const;
export type ClientColumn = (typeof CLIENT_COLUMNS)[number];

/** Columns whose value runs with the clock: sorting by one needs `now`. */
export const TICKING: ReadonlySet<ClientColumn> = new Set([
  'waitForReply',
  'operatorReaction',
  'currentWait',
  'timeInDialog',
]);

const waitMs = (wait: Wait): number | null => (wait === null ? null : wait.ms);

export function clientSortValue(row: ClientRow, key: ClientColumn, now: number): SortValue {
  switch (key) {
    case 'channel':
      return row.channelName;
    case 'name':
      return row.clientName;
    case 'teams':
      return row.teamName || null;
    case 'startTime':
      return row.startAt;
    case 'waitForReply':
      return waitMs(clientCells(row, now).waitForReply);
    case 'operatorReaction':
      return waitMs(clientCells(row, now).operatorReaction);
    case 'currentWait':
      return waitMs(clientCells(row, now).currentWait);
    case 'timeInDialog':
      return now - row.startAt;
    case 'status':
      return row.status;
    case 'currentOperator':
      return row.operatorName || null;
    case 'rating':
      return row.rating;
    case 'lastHumanOperator':
      return row.lastHumanOperatorName || null;
  }
}

export const SLICE_COLUMNS = [
  'name',
  'atBot',
  'inQueue',
  'available',
  'atWork',
  'slots',
  'status',
  'replySpeed',
  'reactionSpeed',
  'assigned',
  'closed',
] as const;
export type SliceColumn = (typeof SLICE_COLUMNS)[number];

const STATUS_ORDER: Record<string, number> = {
  open: 0,
  in_work: 0,
  full: 1,
  break: 1,
  closed: 2,
  offline: 2,
  inactive: 3,
};

export function sliceSortValue(row: SliceRow | OperatorRow, key: SliceColumn): SortValue {
  switch (key) {
    case 'name':
      return row.name;
    case 'status':
      return STATUS_ORDER['state' in row ? row.state : row.status] ?? 9;
    case 'replySpeed':
      return row.replySpeed.meanMs;
    case 'reactionSpeed':
      return row.reactionSpeed.meanMs;
    default:
      return row[key];
  }
}
