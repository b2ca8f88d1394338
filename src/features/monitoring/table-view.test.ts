import { describe, expect, it } from 'vitest';
import type { ClientRow, OperatorRow } from './monitoring-model';
import {
  clientSortValue,
  filterChats,
  filterOperators,
  filterSlices,
  NO_FILTER,
  sliceSortValue,
  sortRows,
} from './table-view';

const row = (id: string, patch: Partial<ClientRow>): ClientRow => ({
  id,
  status: 'pending',
  channelId: 'web',
  clientId: 'k',
  channelName: 'Site',
  clientName: id,
  teamId: 'sup',
  teamName: 'Support',
  operatorId: null,
  botId: null,
  operatorName: '',
  lastHumanOperatorId: null,
  lastHumanOperatorName: '',
  rating: null,
  startAt: 0,
  byStaff: false,
  firstReplyAt: null,
  assignedAt: null,
  reactedAt: null,
  unansweredSince: null,
  firstReplyBy: null,
  closedAt: null,
  ...patch,
});

describe('monitoring filters', () => {
  const chats = [
    row('a', { channelId: 'web', teamId: 'sup', operatorId: 'ann' }),
    row('b', { channelId: 'tg', teamId: 'sup', operatorId: null }),
    row('c', { channelId: 'web', teamId: 'sal', operatorId: 'bob' }),
  ];
  it('keeps the chats of a channel, a team, an operator, or all of them', () => {
    expect(filterChats(chats, NO_FILTER).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    const ids = (filter: Partial<typeof NO_FILTER>) =>
      filterChats(chats, { ...NO_FILTER, ...filter }).map((c) => c.id);
    expect(ids({ channelId: 'web' })).toEqual(['a', 'c']);
    expect(ids({ teamId: 'sup' })).toEqual(['a', 'b']);
    expect(ids({ operatorId: 'bob' })).toEqual(['c']);
    expect(ids({ channelId: 'web', teamId: 'sup' })).toEqual(['a']);
  });

  it('a table’s own dimension picks its rows; a team keeps its members', () => {
    const slices = [{ id: 'x' }, { id: 'y' }] as never[];
    expect(filterSlices(slices, null)).toHaveLength(2);
    expect(filterSlices(slices, 'y')).toEqual([{ id: 'y' }]);
    const people = [
      { id: 'ann', teamIds: ['sup'] },
      { id: 'bob', teamIds: ['sup', 'sal'] },
    ] as unknown as OperatorRow[];
    expect(filterOperators(people, { ...NO_FILTER, teamId: 'sal' }).map((p) => p.id)).toEqual([
      'bob',
    ]);
    expect(filterOperators(people, { ...NO_FILTER, operatorId: 'ann' }).map((p) => p.id)).toEqual([
      'ann',
    ]);
  });
});

describe('monitoring sorting', () => {
  const rows = [
    row('a', { startAt: 3000, clientName: 'Zoe', unansweredSince: 1000 }),
    row('b', { startAt: 1000, clientName: 'amy', unansweredSince: null }),
    row('c', { startAt: 2000, clientName: 'Bob', unansweredSince: 500 }),
  ];
  const sorted = (key: Parameters<typeof clientSortValue>[1], direction: 'asc' | 'desc') =>
    sortRows(
      rows,
      { key, direction },
      (r, k) => clientSortValue(r, k, 10_000),
      (r) => r.id,
    ).map((r) => r.id);

  it('sorts by text, by time, and by a running wait at the clock’s now', () => {
    expect(sorted('name', 'asc')).toEqual(['b', 'c', 'a']);
    expect(sorted('startTime', 'desc')).toEqual(['a', 'c', 'b']);
    expect(sorted('timeInDialog', 'desc')).toEqual(['b', 'c', 'a']);
  });

  it('puts empty cells last in either direction', () => {
    expect(sorted('currentWait', 'desc')).toEqual(['c', 'a', 'b']);
    expect(sorted('currentWait', 'asc')).toEqual(['a', 'c', 'b']);
  });

  it('orders slice statuses from open to inactive, averages by their mean', () => {
    const slice = (id: string, status: string, meanMs: number | null) =>
      ({
        id,
        name: id,
        status,
        replySpeed: { count: 1, meanMs, medianMs: meanMs },
      }) as never;
    const slices = [slice('x', 'closed', 5), slice('y', 'open', null), slice('z', 'full', 1)];
    const by = (key: 'status' | 'replySpeed') =>
      sortRows(slices, { key, direction: 'asc' }, sliceSortValue, (r: { id: string }) => r.id).map(
        (r: { id: string }) => r.id,
      );
    expect(by('status')).toEqual(['y', 'z', 'x']);
    expect(by('replySpeed')).toEqual(['z', 'x', 'y']);
  });
});
