import { describe, expect, it } from 'vitest';
import type { Role, Team } from '../../protocol';
import { userRow as user } from '../../store/test-fixtures';
import { transferOperators, transferTeams } from './transfer-targets';

const role = (id: string, rights: Role['rights']): Role => ({
  id,
  name: id,
  description: id,
  rights,
  immutable: true,
});
const roles = new Map([
  ['operator', role('operator', ['AUTHORITY_CHAT_DISTRIBUTION'])],
  ['admin', role('admin', ['AUTHORITY_ALL_STAT'])],
]);

const team = (id: string, name: string): Team => ({
  id,
  name,
  description: name,
  distributionMethod: 'round_robin',
  dialogLimit: 5,
  redistributionMinutes: null,
  autoCloseMinutes: null,
  unattendedCloseHours: 0,
  inactivityMinutes: 0,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

describe('transfer targets', () => {
  const users = [
    user('zoe', 'Zoe'),
    user('oscar', 'Oscar'),
    user('gone', 'Gone', { active: false }),
    user('alice', 'Alice', { roleId: 'admin' }),
    user('newbie', 'Newbie', { roleId: 'role-not-synced-yet' }),
  ];

  it('offers active colleagues who receive chats, by name, without the chat’s own operator', () => {
    expect(transferOperators({ operatorId: 'oscar' }, users, roles).map((u) => u.id)).toEqual([
      'newbie',
      'zoe',
    ]);
  });

  it('a queued chat is offered every such colleague', () => {
    expect(transferOperators({ operatorId: null }, users, roles).map((u) => u.id)).toEqual([
      'newbie',
      'oscar',
      'zoe',
    ]);
  });

  const teams = [team('sales', 'Sales'), team('support', 'Support')];
  it.each([
    ['pending', 'support', ['sales']],
    ['assigned', 'support', ['sales', 'support']],
    ['pending', null, ['sales', 'support']],
  ] as const)('a %s chat of team %s may go to %j', (status, teamId, offered) => {
    expect(transferTeams({ status, teamId }, teams).map((t) => t.id)).toEqual(offered);
  });
});
