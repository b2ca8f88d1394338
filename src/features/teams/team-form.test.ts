import { describe, expect, it } from 'vitest';
import { newId, type ApiError, type Team } from '../../protocol';
import { problemText } from '../../ui/forms/field-problems';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { TEAMS_EN, TEAMS_RU } from './teams-messages';
import {
  checkTeamForm,
  teamFormDefaults,
  teamRefusal,
  type TeamField,
  type TeamFormValues,
} from './team-form';

const en = createTranslator('en', { ...SHELL_EN, ...TEAMS_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...TEAMS_RU });
const teamId = newId();

const valid = (changes: Partial<TeamFormValues> = {}): TeamFormValues => ({
  ...teamFormDefaults(undefined),
  name: 'Support',
  description: 'Orders and delivery',
  ...changes,
});

/** The words under `field` after the panel is checked, or undefined when the field is fine. */
function shownAt(values: TeamFormValues, field: TeamField, i18n = en): string | undefined {
  const result = checkTeamForm(values, teamId);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? problemText(problem, i18n) : undefined;
}

const team: Team = {
  id: teamId,
  name: 'Sales',
  description: 'New orders',
  distributionMethod: 'least_busy',
  dialogLimit: 8,
  redistributionMinutes: 15,
  autoCloseMinutes: null,
  unattendedCloseHours: 48,
  inactivityMinutes: 30,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the team panel checks each field with the server’s schema and says what is wrong', () => {
  it.each<[string, Partial<TeamFormValues>, TeamField, string | undefined]>([
    ['an empty name is required', { name: '' }, 'name', 'Required field'],
    ['a name of spaces only is required', { name: '   ' }, 'name', 'Required field'],
    [
      'a name of 65 characters is too long',
      { name: 'x'.repeat(65) },
      'name',
      'At most 64 characters',
    ],
    ['a name of 64 characters is accepted', { name: 'x'.repeat(64) }, 'name', undefined],
    ['an empty description is required', { description: '' }, 'description', 'Required field'],
    [
      'a description of 129 characters is too long',
      { description: 'x'.repeat(129) },
      'description',
      'At most 128 characters',
    ],
    [
      'a description of 128 characters is accepted',
      { description: 'x'.repeat(128) },
      'description',
      undefined,
    ],
    [
      'a dialog limit of 0 is refused',
      { dialogLimit: '0' },
      'dialogLimit',
      'Enter a whole number from 1 to 999',
    ],
    [
      'a dialog limit of 1000 is refused',
      { dialogLimit: '1000' },
      'dialogLimit',
      'Enter a whole number from 1 to 999',
    ],
    [
      'a dialog limit of 2.5 is refused',
      { dialogLimit: '2.5' },
      'dialogLimit',
      'Enter a whole number from 1 to 999',
    ],
    ['an empty dialog limit is required', { dialogLimit: '' }, 'dialogLimit', 'Required field'],
    ['a dialog limit of 999 is accepted', { dialogLimit: '999' }, 'dialogLimit', undefined],
    [
      'a redistribution time of 0 is refused',
      { redistributionOn: true, redistributionMinutes: '0' },
      'redistributionMinutes',
      'Enter a whole number from 1 to 999',
    ],
    [
      'a redistribution time of 1000 is refused',
      { redistributionOn: true, redistributionMinutes: '1000' },
      'redistributionMinutes',
      'Enter a whole number from 1 to 999',
    ],
    [
      'redistribution switched on with no time is required',
      { redistributionOn: true, redistributionMinutes: '' },
      'redistributionMinutes',
      'Required field',
    ],
    [
      'a wrong redistribution time does not matter while redistribution is off',
      { redistributionOn: false, redistributionMinutes: '0' },
      'redistributionMinutes',
      undefined,
    ],
    [
      'an auto-close of 0 minutes is refused',
      { autoCloseOn: true, autoCloseMinutes: '0' },
      'autoCloseMinutes',
      'Enter a whole number from 1 to 4320',
    ],
    [
      'an auto-close of 4321 minutes is refused',
      { autoCloseOn: true, autoCloseMinutes: '4321' },
      'autoCloseMinutes',
      'Enter a whole number from 1 to 4320',
    ],
    [
      'an auto-close of 4320 minutes is accepted',
      { autoCloseOn: true, autoCloseMinutes: '4320' },
      'autoCloseMinutes',
      undefined,
    ],
    [
      'an inactivity time of 5 is refused',
      { inactivityMinutes: '5' },
      'inactivityMinutes',
      'Inactivity time must be 0 or above 23',
    ],
    [
      'an inactivity time of 23 is refused',
      { inactivityMinutes: '23' },
      'inactivityMinutes',
      'Inactivity time must be 0 or above 23',
    ],
    [
      'an inactivity time of 0 is accepted',
      { inactivityMinutes: '0' },
      'inactivityMinutes',
      undefined,
    ],
    [
      'an inactivity time of 24 is accepted',
      { inactivityMinutes: '24' },
      'inactivityMinutes',
      undefined,
    ],
    [
      'an inactivity time of 30.5 is refused',
      { inactivityMinutes: '30.5' },
      'inactivityMinutes',
      'Enter a whole number of minutes',
    ],
    [
      'an empty inactivity time is required',
      { inactivityMinutes: '' },
      'inactivityMinutes',
      'Required field',
    ],
    [
      'an unknown distribution method is refused',
      { distributionMethod: 'random' },
      'distributionMethod',
      'Incorrect value entered',
    ],
    [
      'an unattended close of 12 hours is refused',
      { unattendedCloseHours: '12' },
      'unattendedCloseHours',
      'Incorrect value entered',
    ],
  ])('%s', (_case, changes, field, text) => {
    expect(shownAt(valid(changes), field)).toBe(text);
  });

  it('speaks Russian to a Russian user', () => {
    expect(shownAt(valid({ name: 'x'.repeat(65) }), 'name', ru)).toBe('Не более 64 символов');
    expect(shownAt(valid({ dialogLimit: '0' }), 'dialogLimit', ru)).toBe(
      'Введите целое число от 1 до 999',
    );
    expect(shownAt(valid({ inactivityMinutes: '5' }), 'inactivityMinutes', ru)).toBe(
      'Время неактивности должно быть 0 или больше 23',
    );
  });

  it('several wrong fields are each shown at once', () => {
    const result = checkTeamForm(
      valid({ name: '', dialogLimit: '1000', inactivityMinutes: '5' }),
      teamId,
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.problems).sort()).toEqual([
        'dialogLimit',
        'inactivityMinutes',
        'name',
      ]);
  });
});

describe('the team panel’s values and the payload it sends', () => {
  it('a new team starts with round robin, five dialogs and every timer off', () => {
    const result = checkTeamForm(valid(), teamId);
    expect(result).toEqual({
      ok: true,
      payload: {
        teamId,
        name: 'Support',
        description: 'Orders and delivery',
        distributionMethod: 'round_robin',
        dialogLimit: 5,
        redistributionMinutes: null,
        autoCloseMinutes: null,
        unattendedCloseHours: 0,
        inactivityMinutes: 0,
      },
    });
  });

  it('a team being edited fills the panel with its own settings and saves them back unchanged', () => {
    const values = teamFormDefaults(team);
    expect(values).toMatchObject({
      name: 'Sales',
      distributionMethod: 'least_busy',
      dialogLimit: '8',
      redistributionOn: true,
      redistributionMinutes: '15',
      autoCloseOn: false,
      unattendedCloseHours: '48',
      inactivityMinutes: '30',
    });
    const result = checkTeamForm(values, teamId);
    expect(result.ok && result.payload).toEqual({
      teamId,
      name: 'Sales',
      description: 'New orders',
      distributionMethod: 'least_busy',
      dialogLimit: 8,
      redistributionMinutes: 15,
      autoCloseMinutes: null,
      unattendedCloseHours: 48,
      inactivityMinutes: 30,
    });
  });

  it('names and descriptions are sent trimmed, as the server stores them', () => {
    const result = checkTeamForm(valid({ name: '  Support  ', description: ' Orders ' }), teamId);
    expect(result.ok && [result.payload.name, result.payload.description]).toEqual([
      'Support',
      'Orders',
    ]);
  });

  it('switching auto-close on sends its minutes; switching it off sends null', () => {
    const on = checkTeamForm(valid({ autoCloseOn: true, autoCloseMinutes: '90' }), teamId);
    const off = checkTeamForm(valid({ autoCloseOn: false, autoCloseMinutes: '90' }), teamId);
    expect(on.ok && on.payload.autoCloseMinutes).toBe(90);
    expect(off.ok && off.payload.autoCloseMinutes).toBe(null);
  });
});

describe('a refused save is shown where it belongs', () => {
  it.each<[string, ApiError | undefined, TeamField | null, string]>([
    [
      'a taken name at the name field',
      { name: 'TEAM_EXISTS' },
      'name',
      'A team with this name already exists',
    ],
    [
      'a wrong inactivity time at its field',
      { name: 'INACTIVITY_TIME_INVALID' },
      'inactivityMinutes',
      'Inactivity time must be 0 or above 23',
    ],
    [
      'a value the server judged wrong at the field it names',
      { name: 'VALIDATION_FAILED', params: { field: 'dialogLimit' } },
      'dialogLimit',
      'Incorrect value entered',
    ],
    ['a missing right above the buttons', { name: 'ACCESS_DENIED' }, null, 'Access denied'],
    [
      'a team deleted meanwhile above the buttons',
      { name: 'TEAM_NOT_FOUND' },
      null,
      'Team not found',
    ],
    [
      'a team still in use above the buttons',
      { name: 'TEAM_IN_USE' },
      null,
      'The team still has open chats, or a channel or routing rule sends chats to it',
    ],
    ['a refusal without a name as an unknown error', undefined, null, 'Unknown error'],
  ])('%s', (_case, error, field, text) => {
    const refusal = teamRefusal(error);
    expect(refusal.field).toBe(field);
    expect(problemText(refusal.problem, en)).toBe(text);
  });
});
