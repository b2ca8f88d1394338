import { describe, expect, it } from 'vitest';
import type { Team } from '../../protocol';
import { teamCandidates, teamMembers, teamRows } from './team-list';

const team = (id: string, name: string): Team => ({
  id,
  name,
  description: `${name} team`,
  distributionMethod: 'round_robin',
  dialogLimit: 5,
  redistributionMinutes: null,
  autoCloseMinutes: null,
  unattendedCloseHours: 0,
  inactivityMinutes: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const users = [
  { name: 'Oscar', teamIds: ['support'], active: true },
  { name: 'alice', teamIds: ['support', 'sales'], active: true },
  { name: 'Gone', teamIds: ['support'], active: false },
  { name: 'Sam', teamIds: [], active: true },
];

describe('team members and counts', () => {
  it.each([
    ['support', ['alice', 'Oscar']],
    ['sales', ['alice']],
    ['empty', []],
  ])('team %s counts its active members only, in name order', (teamId, names) => {
    expect(teamMembers(users, teamId).map((user) => user.name)).toEqual(names);
  });

  it('the list is in name order regardless of case, each row with its member count', () => {
    const rows = teamRows(
      [team('support', 'support'), team('sales', 'Sales'), team('empty', 'Accounts')],
      users,
    );
    expect(rows.map((row) => [row.name, row.memberCount])).toEqual([
      ['Accounts', 0],
      ['Sales', 1],
      ['support', 2],
    ]);
  });

  it.each([
    ['support', ['Sam']],
    ['sales', ['Oscar', 'Sam']],
    ['empty', ['alice', 'Oscar', 'Sam']],
  ])('team %s may be joined by the active users not in it, in name order', (teamId, names) => {
    expect(teamCandidates(users, teamId).map((user) => user.name)).toEqual(names);
  });
});
