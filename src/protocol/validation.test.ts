import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PasswordSchema, TotpCodeSchema } from './validation';
import { PasswordChangeBody } from './api';
import { ERROR_NAMES, errorText } from './errors';

describe('password rule (spec §5)', () => {
  it.each([
    ['Demo-pass-1!', true],
    ['Ab1!abcd', true],
    ['Пароль-12', true],
    ['Ab1!abc', false], // 7 characters
    ['abcdefg1!', false], // no uppercase letter
    ['Abcdefgh!', false], // no digit
    ['Abcdefgh1', false], // no special character
  ])('%s is %s', (password, valid) => {
    const result = v.safeParse(PasswordSchema, password);
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.issues[0].message).toBe('INVALID_PASSWORD_FORMAT');
  });

  it('the repeat must match the new password', () => {
    const result = v.safeParse(PasswordChangeBody, {
      oldPassword: 'x',
      newPassword: 'Demo-pass-1!',
      repeatPassword: 'Demo-pass-2!',
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues[0].message).toBe('PASSWORDS_DO_NOT_MATCH');
  });
});

describe('two-factor code', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
  ])('%s is %s', (code, valid) => {
    expect(v.safeParse(TotpCodeSchema, code).success).toBe(valid);
  });
});

describe('error texts', () => {
  it('every error name has an English and a Russian text, placeholders filled from params', () => {
    for (const name of ERROR_NAMES) {
      expect(errorText(name, 'en').length).toBeGreaterThan(0);
      expect(errorText(name, 'ru').length).toBeGreaterThan(0);
    }
    expect(errorText('AMOUNT_TOO_SMALL', 'en', { min: 500 })).toBe(
      'The amount must be at least 500',
    );
  });
});
