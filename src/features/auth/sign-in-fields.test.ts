import { describe, expect, it } from 'vitest';
import { ERROR_NAMES } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import {
  CodeSchema,
  CredentialsSchema,
  SIGN_IN_ERRORS,
  fieldProblems,
  problemText,
  type FieldProblem,
} from './sign-in-fields';

const en = createTranslator('en', SHELL_EN);
const ru = createTranslator('ru', SHELL_RU);

describe('the sign-in forms check their fields when sent', () => {
  it.each<[{ email: string; password: string }, Partial<Record<string, FieldProblem>>]>([
    [{ email: 'ann@demo.test', password: 'secret' }, {}],
    [{ email: ' Ann@Demo.test ', password: 'x' }, {}],
    [
      { email: '', password: '' },
      { email: { kind: 'required' }, password: { kind: 'required' } },
    ],
    [{ email: 'ann', password: 'x' }, { email: { kind: 'error', name: 'INVALID_EMAIL_FORMAT' } }],
    [{ email: 'ann@demo.test', password: 'x'.repeat(1025) }, { password: { kind: 'invalid' } }],
  ])('credentials %j have the problems %j', (values, problems) => {
    expect(fieldProblems(CredentialsSchema, values)).toEqual(problems);
  });

  it.each<[string, Partial<Record<string, FieldProblem>>]>([
    ['123456', {}],
    ['', { totpCode: { kind: 'required' } }],
    ['12345', { totpCode: { kind: 'error', name: 'TOTP_CODE_BAD_FORMAT' } }],
  ])('the code "%s" has the problems %j', (totpCode, problems) => {
    expect(fieldProblems(CodeSchema, { totpCode })).toEqual(problems);
  });

  it.each<[FieldProblem, string, string]>([
    [{ kind: 'required' }, 'Required field', 'Обязательное поле'],
    [
      { kind: 'error', name: 'INVALID_EMAIL_FORMAT' },
      'Invalid email format',
      'Неверный формат e-mail',
    ],
    [{ kind: 'invalid' }, 'Incorrect value entered', 'Введено неверное значение'],
  ])('%j reads "%s" (ru "%s")', (problem, english, russian) => {
    expect(problemText(problem, en)).toBe(english);
    expect(problemText(problem, ru)).toBe(russian);
  });

  it('every error the sign-in may show is a protocol error name, listed once', () => {
    expect(SIGN_IN_ERRORS.filter((name) => !ERROR_NAMES.includes(name))).toEqual([]);
    expect(new Set(SIGN_IN_ERRORS).size).toBe(SIGN_IN_ERRORS.length);
  });
});
