import { describe, expect, it } from 'vitest';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { PROFILE_EN, PROFILE_RU } from './profile-messages';
import {
  DEFAULT_PUSH_PREFERENCES,
  checkPushForm,
  parsePushPreferences,
  pushFormErrors,
  pushFormValues,
  pushPreferencesKey,
  readPushPreferences,
  readReminderMinutes,
  storePushPreferences,
  type PushFormValues,
  type PushPreferences,
} from './push-preferences';

const en = createTranslator('en', { ...SHELL_EN, ...PROFILE_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...PROFILE_RU });

const chosen: PushPreferences = {
  version: 1,
  events: { queued: false, message: true, transferred: true, reminder: true },
  reminderMinutes: 15,
};

const form = (reminderMinutes: string, reminder = true): PushFormValues => ({
  events: { ...DEFAULT_PUSH_PREFERENCES.events, reminder },
  reminderMinutes,
});

describe('the reminder minutes (spec §5: integer 1 to 999), in the words the user reads', () => {
  it.each([
    ['0', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['1000', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['2.5', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['-3', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['ten', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['', 'Incorrect time set: enter whole minutes from 1 to 999'],
    ['1', undefined],
    ['999', undefined],
    [' 30 ', undefined],
  ])('%j', (typed, expected) => {
    expect(pushFormErrors(form(typed), DEFAULT_PUSH_PREFERENCES, en).reminderMinutes).toBe(
      expected,
    );
  });

  it('tells a Russian reader in Russian', () => {
    expect(pushFormErrors(form('0'), DEFAULT_PUSH_PREFERENCES, ru).reminderMinutes).toBe(
      'Время задано неверно: укажите целое число минут от 1 до 999',
    );
  });

  it('with the reminder off, a wrong box is not held against the save and the last good minutes stay', () => {
    expect(pushFormErrors(form('0', false), chosen, en)).toEqual({});
    expect(checkPushForm(form('0', false), chosen)).toEqual({
      ok: true,
      preferences: { ...chosen, events: { ...form('0', false).events }, reminderMinutes: 15 },
    });
  });

  it.each([
    ['7', { ok: true, minutes: 7 }],
    ['007', { ok: true, minutes: 7 }],
    ['1e2', { ok: false }],
    ['12abc', { ok: false }],
  ])('%j reads as %j', (typed, expected) => {
    expect(readReminderMinutes(typed)).toEqual(expected);
  });
});

describe('the stored choice, per user in this browser', () => {
  it.each<[string, string | null, PushPreferences]>([
    ['nothing stored gives the defaults', null, DEFAULT_PUSH_PREFERENCES],
    ['a valid record is read back', JSON.stringify(chosen), chosen],
    ['text that is not JSON gives the defaults', '{oops', DEFAULT_PUSH_PREFERENCES],
    [
      'another version gives the defaults',
      JSON.stringify({ ...chosen, version: 2 }),
      DEFAULT_PUSH_PREFERENCES,
    ],
    [
      'minutes out of range give the defaults',
      JSON.stringify({ ...chosen, reminderMinutes: 1000 }),
      DEFAULT_PUSH_PREFERENCES,
    ],
    [
      'an event that is not a yes or no gives the defaults',
      JSON.stringify({ ...chosen, events: { ...chosen.events, queued: 'yes' } }),
      DEFAULT_PUSH_PREFERENCES,
    ],
  ])('%s', (_, stored, expected) => {
    expect(parsePushPreferences(stored)).toEqual(expected);
  });

  it('one user’s choice is not another’s on the same browser', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        items.set(key, value);
      },
    };
    expect(storePushPreferences('u1', chosen, storage)).toBe(true);
    expect(readPushPreferences('u1', storage)).toEqual(chosen);
    expect(readPushPreferences('u2', storage)).toEqual(DEFAULT_PUSH_PREFERENCES);
    expect([...items.keys()]).toEqual([pushPreferencesKey('u1')]);
  });

  it('a browser that refuses to store says so instead of pretending', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(storePushPreferences('u1', chosen, full)).toBe(false);
  });

  it('the form opens with the stored choice and saves it back unchanged', () => {
    expect(checkPushForm(pushFormValues(chosen), chosen)).toEqual({
      ok: true,
      preferences: chosen,
    });
  });
});
