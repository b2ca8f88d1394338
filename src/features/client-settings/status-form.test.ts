import { describe, expect, it } from 'vitest';
import { LIMITS, newId, type ApiError, type ClientStatus } from '../../protocol';
import { problemText } from '../../ui/forms/field-problems';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { CLIENT_SETTINGS_EN, CLIENT_SETTINGS_RU } from './client-settings-messages';
import {
  checkStatusForm,
  statusFormDefaults,
  statusRefusal,
  type StatusField,
} from './status-form';

const en = createTranslator('en', { ...SHELL_EN, ...CLIENT_SETTINGS_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...CLIENT_SETTINGS_RU });
const statusId = newId();

function shownAt(name: string, colour: string, field: StatusField, i18n = en) {
  const result = checkStatusForm({ name, colour }, statusId);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? problemText(problem, i18n) : undefined;
}

describe('the status panel', () => {
  it('sends the trimmed name and the colour by name', () => {
    const result = checkStatusForm({ name: '  VIP  ', colour: 'amber' }, statusId);
    expect(result).toEqual({ ok: true, payload: { statusId, name: 'VIP', colour: 'amber' } });
  });

  it('requires a name and a colour (spec §5), in both languages', () => {
    expect(shownAt('', 'red', 'name')).toBe(en.t('form.required'));
    expect(shownAt('   ', 'red', 'name', ru)).toBe(ru.t('form.required'));
    expect(shownAt('VIP', '', 'colour')).toBe(en.t('form.required'));
    expect(shownAt('VIP', 'red', 'colour')).toBeUndefined();
  });

  it('keeps the name within the limit', () => {
    const long = 'x'.repeat(LIMITS.clientStatusNameMax + 1);
    expect(shownAt(long, 'red', 'name')).toBe(
      en.t('form.tooLong', { max: LIMITS.clientStatusNameMax }),
    );
    expect(shownAt('x'.repeat(LIMITS.clientStatusNameMax), 'red', 'name')).toBeUndefined();
  });

  it('refuses a colour outside the palette by its error name', () => {
    expect(shownAt('VIP', 'mauve', 'colour')).toBe(en.error('COLOR_NOT_FOUND'));
  });

  it('opens with the status being edited, and with nothing chosen for a new one', () => {
    const status: ClientStatus = {
      id: statusId,
      name: 'VIP',
      colour: 'teal',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(statusFormDefaults(status)).toEqual({ name: 'VIP', colour: 'teal' });
    expect(statusFormDefaults(undefined)).toEqual({ name: '', colour: '' });
  });

  it('shows a taken name at the name and a refused delete above the buttons', () => {
    const taken: ApiError = { name: 'PROFILE_STATUS_EXISTS' };
    expect(statusRefusal(taken).field).toBe('name');
    const inUse: ApiError = { name: 'ACTIVE_STATUS_CANNOT_BE_DELETED' };
    const place = statusRefusal(inUse);
    expect(place.field).toBeNull();
    expect(problemText(place.problem, ru)).toBe(ru.error('ACTIVE_STATUS_CANNOT_BE_DELETED'));
  });
});
