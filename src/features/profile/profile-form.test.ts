import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../protocol';
import { problemText } from '../../ui/forms/field-problems';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { PROFILE_EN, PROFILE_RU } from './profile-messages';
import {
  EMPTY_PASSWORD_FORM,
  accountFormBasis,
  accountFormDefaults,
  accountRefusal,
  checkAccountForm,
  checkPasswordForm,
  passwordRefusal,
  type AccountField,
  type AccountFormValues,
  type PasswordField,
  type PasswordFormValues,
} from './profile-form';

const en = createTranslator('en', { ...SHELL_EN, ...PROFILE_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...PROFILE_RU });

const account = (changes: Partial<AccountFormValues> = {}): AccountFormValues => ({
  name: 'Olga Operator',
  phone: '',
  language: 'en',
  ...changes,
});

/** The words under `field` after "Your information" is checked, or undefined when it is fine. */
function accountShows(values: AccountFormValues, field: AccountField, i18n = en) {
  const result = checkAccountForm(values);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? problemText(problem, i18n) : undefined;
}

const NEW = 'Str0ng#pass';
const passwords = (changes: Partial<PasswordFormValues> = {}): PasswordFormValues => ({
  oldPassword: 'Demo-pass-1!',
  newPassword: NEW,
  repeatPassword: NEW,
  ...changes,
});

function passwordShows(values: PasswordFormValues, field: PasswordField, i18n = en) {
  const result = checkPasswordForm(values);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? problemText(problem, i18n) : undefined;
}

describe('"Your information", in the words the user reads', () => {
  it.each<[string, Partial<AccountFormValues>, AccountField, string | undefined]>([
    ['an empty name', { name: '' }, 'name', 'Required field'],
    ['a name of spaces', { name: '   ' }, 'name', 'Required field'],
    ['a name of 33 characters', { name: 'n'.repeat(33) }, 'name', 'At most 32 characters'],
    ['a name of 32 characters', { name: 'n'.repeat(32) }, 'name', undefined],
    ['a phone of 33 characters', { phone: '1'.repeat(33) }, 'phone', 'At most 32 characters'],
    ['no phone at all', { phone: '' }, 'phone', undefined],
  ])('%s', (_, changes, field, expected) => {
    expect(accountShows(account(changes), field)).toBe(expected);
  });

  it('tells a Russian reader in Russian', () => {
    expect(accountShows(account({ name: '' }), 'name', ru)).toBe('Обязательное поле');
    expect(accountShows(account({ name: 'n'.repeat(33) }), 'name', ru)).toBe(
      'Не более 32 символов',
    );
  });

  it.each<[string, Partial<AccountFormValues>, object]>([
    [
      'a name with spaces around is sent trimmed, an empty phone as none',
      { name: '  Olga  ', phone: '  ' },
      { name: 'Olga', phone: null, language: 'en' },
    ],
    [
      'a phone is sent trimmed with the chosen language',
      { phone: ' +7 912 000-11-22 ', language: 'ru' },
      { name: 'Olga Operator', phone: '+7 912 000-11-22', language: 'ru' },
    ],
  ])('%s', (_, changes, body) => {
    expect(checkAccountForm(account(changes))).toEqual({ ok: true, body });
  });

  it.each([
    [
      'the row the sync keeps, when there is one',
      { name: 'Row Name', phone: '+1 555', language: 'ru' as const },
      { name: 'Row Name', phone: '+1 555', language: 'ru' },
    ],
    [
      'a row without a phone',
      { name: 'Row', phone: null, language: 'en' as const },
      { name: 'Row', phone: '', language: 'en' },
    ],
    [
      'what the session knows, without a row',
      undefined,
      { name: 'Session Name', phone: '', language: 'en' },
    ],
  ])('the form opens with %s', (_, row, expected) => {
    expect(accountFormDefaults(row, { name: 'Session Name', language: 'en' })).toEqual(expected);
  });

  const before = account();
  const after = account({ name: 'Olga Renamed', phone: '+1 555', language: 'ru' });
  it.each<[string, AccountFormValues, AccountFormValues | null, AccountFormValues, boolean]>([
    ['the row, when nothing was saved here', before, null, before, true],
    ['the saved values while the row still has the old ones', before, after, after, false],
    [
      'the saved values while the row has caught up with part of them',
      account({ name: after.name }),
      after,
      after,
      false,
    ],
    ['the row again once it agrees with the save', after, after, after, true],
  ])('the form stands on %s', (_, live, saved, values, settled) => {
    expect(accountFormBasis(live, saved)).toEqual({ values, settled });
  });

  it.each<[string, ApiError, AccountField | null, string]>([
    [
      'a name the server finds wrong is shown at the name',
      { name: 'VALIDATION_FAILED', params: { field: 'name' } },
      'name',
      'Incorrect value entered',
    ],
    ['anything else above the button', { name: 'USER_NOT_FOUND' }, null, 'User not found'],
  ])('%s', (_, error, field, text) => {
    const place = accountRefusal(error);
    expect(place.field).toBe(field);
    expect(problemText(place.problem, en)).toBe(text);
  });
});

describe('"Change password" (spec §5), in the words the user reads', () => {
  it.each<[string, Partial<PasswordFormValues>, PasswordField, string | undefined]>([
    ['no current password', { oldPassword: '' }, 'oldPassword', 'Required field'],
    ['no new password', { newPassword: '', repeatPassword: '' }, 'newPassword', 'Required field'],
    [
      'a new password of 7 characters',
      { newPassword: 'Ab#1234', repeatPassword: 'Ab#1234' },
      'newPassword',
      'Invalid password format',
    ],
    [
      'a new password without an uppercase letter',
      { newPassword: 'abcdef#12', repeatPassword: 'abcdef#12' },
      'newPassword',
      'Invalid password format',
    ],
    [
      'a new password without a digit',
      { newPassword: 'Abcdefg#h', repeatPassword: 'Abcdefg#h' },
      'newPassword',
      'Invalid password format',
    ],
    [
      'a new password without a special character',
      { newPassword: 'Abcdef123', repeatPassword: 'Abcdef123' },
      'newPassword',
      'Invalid password format',
    ],
    [
      'a repeat that differs',
      { repeatPassword: `${NEW}x` },
      'repeatPassword',
      'Passwords do not match',
    ],
    ['a repeat left empty', { repeatPassword: '' }, 'repeatPassword', 'Passwords do not match'],
    ['a strong password typed twice', {}, 'newPassword', undefined],
  ])('%s', (_, changes, field, expected) => {
    expect(passwordShows(passwords(changes), field)).toBe(expected);
  });

  it('tells a Russian reader in Russian', () => {
    expect(passwordShows(passwords({ repeatPassword: 'other' }), 'repeatPassword', ru)).toBe(
      'Пароли не совпадают',
    );
    expect(
      passwordShows(passwords({ newPassword: 'weak', repeatPassword: 'weak' }), 'newPassword', ru),
    ).toBe('Неверный формат пароля');
  });

  it('a valid form is the body the server parses', () => {
    expect(checkPasswordForm(passwords())).toEqual({ ok: true, body: passwords() });
  });

  it('the empty form is refused without a word about the repeat', () => {
    const result = checkPasswordForm(EMPTY_PASSWORD_FORM);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.repeatPassword?.kind ?? 'none').not.toBe('error');
  });

  it.each<[string, ApiError, PasswordField | null, string]>([
    [
      'a wrong current password at the current-password field',
      { name: 'PASSWORD_INCORRECT' },
      'oldPassword',
      'Password specified incorrectly',
    ],
    [
      'a weak password at the new-password field',
      { name: 'INVALID_PASSWORD_FORMAT', params: { field: 'newPassword' } },
      'newPassword',
      'Invalid password format',
    ],
    [
      'a mismatch at the repeat',
      { name: 'PASSWORDS_DO_NOT_MATCH', params: { field: 'repeatPassword' } },
      'repeatPassword',
      'Passwords do not match',
    ],
    [
      'too many attempts above the button',
      { name: 'TOO_MANY_REQUESTS' },
      null,
      'Too many requests, try again later',
    ],
  ])('the server refuses %s', (_, error, field, text) => {
    const place = passwordRefusal(error);
    expect(place.field).toBe(field);
    expect(problemText(place.problem, en)).toBe(text);
  });
});
