import { describe, expect, it } from 'vitest';
import type { Team } from '../../protocol';
import { choosableTeams, mayEditTeams, newTeamIds, templateEditorOf } from './template-access';

const role = (...rights: string[]) => ({
  role: { name: 'r', rights: rights.map((name) => ({ name })) },
});
const supervisor = templateEditorOf(role('AUTHORITY_TEAM_TEMPLATE', 'AUTHORITY_TEAM_MANAGEMENT'), [
  'support',
]);
const lead = templateEditorOf(role('AUTHORITY_TEAM_TEMPLATE'), ['support', 'sales']);
const teams: Team[] = [
  { id: 'support', name: 'Support' } as Team,
  { id: 'billing', name: 'Billing' } as Team,
  { id: 'sales', name: 'Sales' } as Team,
];

describe('who may change a template', () => {
  it('lets whoever manages all teams change anything, for every team too', () => {
    expect(supervisor.managesAllTeams).toBe(true);
    expect(mayEditTeams(supervisor, [])).toBe(true);
    expect(mayEditTeams(supervisor, ['billing'])).toBe(true);
  });

  it('lets another holder change only what is offered to their own teams and no other', () => {
    expect(lead.managesAllTeams).toBe(false);
    expect(mayEditTeams(lead, ['support'])).toBe(true);
    expect(mayEditTeams(lead, ['support', 'sales'])).toBe(true);
    expect(mayEditTeams(lead, ['support', 'billing'])).toBe(false);
    // "Every team" belongs to whoever runs all teams.
    expect(mayEditTeams(lead, [])).toBe(false);
  });

  it('offers every team to the supervisor and only their own to a lead, by name', () => {
    expect(choosableTeams(supervisor, teams).map((team) => team.id)).toEqual([
      'billing',
      'sales',
      'support',
    ]);
    expect(choosableTeams(lead, teams).map((team) => team.id)).toEqual(['sales', 'support']);
  });

  it('starts something new for every team, or for a lead for their own teams', () => {
    expect(newTeamIds(supervisor)).toEqual([]);
    expect(newTeamIds(lead)).toEqual(['support', 'sales']);
  });
});
