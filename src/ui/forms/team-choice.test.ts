import { describe, expect, it } from 'vitest';
import { nextTeamIds, teamNames } from './team-choice';

describe('a teams field', () => {
  it('adds a ticked team and removes an unticked one; none left means every team', () => {
    expect(nextTeamIds([], 'a', true)).toEqual(['a']);
    expect(nextTeamIds(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(nextTeamIds(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(nextTeamIds(['b'], 'b', false)).toEqual([]);
    // A box ticked twice (a double event) does not list the team twice.
    expect(nextTeamIds(['a'], 'a', true)).toEqual(['a']);
  });

  it('names the teams by name, skipping ones no longer known, or says every team', () => {
    const names = new Map([
      ['s', 'Support'],
      ['b', 'Billing'],
    ]);
    expect(teamNames([], names, 'All teams')).toBe('All teams');
    expect(teamNames(['s', 'gone', 'b'], names, 'All teams')).toBe('Billing, Support');
  });
});
