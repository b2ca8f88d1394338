import { describe, expect, it } from 'vitest';
import { chatGroups, viewerGroups, visibleChanges, type StoredChange } from './groups';

describe('sync groups', () => {
  it.each([
    [{ teamId: 'T', operatorId: null, createdBy: null }, ['chats:all', 'team:T']],
    [{ teamId: 'T', operatorId: 'U', createdBy: null }, ['chats:all', 'team:T', 'user:U']],
    [{ teamId: null, operatorId: 'U', createdBy: 'U' }, ['chats:all', 'user:U']],
    [{ teamId: null, operatorId: null, createdBy: 'C' }, ['chats:all', 'user:C']],
  ])('a chat placed %j is seen by %j', (chat, groups) => {
    expect(chatGroups(chat)).toEqual(groups);
  });

  it('a viewer sees the organization, themselves, their teams, and every chat only with the all-chats right', () => {
    expect(viewerGroups({ id: 'U', teamIds: ['B', 'A'], rights: new Set() })).toEqual([
      'org',
      'team:A',
      'team:B',
      'user:U',
    ]);
    expect(
      viewerGroups({ id: 'U', teamIds: [], rights: new Set(['AUTHORITY_ALL_CHATS']) }),
    ).toContain('chats:all');
  });

  it('only a holder of the statistics right receives the statistics group', () => {
    expect(viewerGroups({ id: 'U', teamIds: [], rights: new Set() })).not.toContain('stats');
    expect(
      viewerGroups({ id: 'U', teamIds: [], rights: new Set(['AUTHORITY_ALL_STAT']) }),
    ).toContain('stats');
  });

  const moved: StoredChange[] = [
    { table: 'chats', op: 'put', key: 'c1', row: { id: 'c1' }, groups: ['chats:all', 'team:B'] },
    { table: 'chats', op: 'delete', key: 'c1', groups: ['team:A'] },
    { table: 'messages', op: 'put', key: 'm1', row: { id: 'm1' }, groups: ['team:B'] },
  ];

  it('a chat moved away from a viewer’s team reaches them as a delete only', () => {
    expect(visibleChanges(moved, new Set(['team:A']))).toEqual([
      { table: 'chats', op: 'delete', key: 'c1' },
    ]);
  });

  it('a viewer who still sees the moved chat gets the put and never the delete', () => {
    expect(visibleChanges(moved, new Set(['team:A', 'team:B']))).toEqual([
      { table: 'chats', op: 'put', key: 'c1', row: { id: 'c1' } },
      { table: 'messages', op: 'put', key: 'm1', row: { id: 'm1' } },
    ]);
  });

  it('a viewer outside every group gets nothing, and the stored groups never reach the wire', () => {
    expect(visibleChanges(moved, new Set(['team:Z']))).toEqual([]);
    expect(JSON.stringify(visibleChanges(moved, new Set(['chats:all'])))).not.toContain('groups');
  });
});
