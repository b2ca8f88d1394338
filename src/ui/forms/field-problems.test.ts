import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../i18n';
import {
  checkedFields,
  fieldTexts,
  firstError,
  problemText,
  problemsOf,
  refusalPlace,
  type FieldProblem,
} from './field-problems';

const en = createTranslator('en', SHELL_EN);
const ru = createTranslator('ru', SHELL_RU);

describe('a field problem in the words the user reads', () => {
  it.each<[FieldProblem, string, string]>([
    [{ kind: 'required' }, 'Required field', 'Обязательное поле'],
    [{ kind: 'tooLong', max: 32 }, 'At most 32 characters', 'Не более 32 символов'],
    [
      { kind: 'range', min: 1, max: 999 },
      'Enter a whole number from 1 to 999',
      'Введите целое число от 1 до 999',
    ],
    [{ kind: 'wholeNumber' }, 'Enter a whole number of minutes', 'Введите целое число минут'],
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
});

const Sample = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(8)),
  email: v.pipe(v.string(), v.email('INVALID_EMAIL_FORMAT')),
  tags: v.pipe(v.array(v.string()), v.minLength(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)),
  kind: v.picklist(['a', 'b']),
});
type SampleField = 'name' | 'email' | 'tags' | 'limit' | 'kind';
const FIELDS: readonly SampleField[] = ['name', 'email', 'tags', 'limit', 'kind'];
const fine = { name: 'Ann', email: 'ann@demo.test', tags: ['x'], limit: 3, kind: 'a' };

function problemsIn(changes: Record<string, unknown>, special?: () => FieldProblem | undefined) {
  const input = { ...fine, ...changes };
  const parsed = v.safeParse(Sample, input);
  return parsed.success ? {} : problemsOf(parsed.issues, FIELDS, input, special);
}

describe('what a schema found becomes the first problem of each field', () => {
  it.each<[string, Record<string, unknown>, SampleField, FieldProblem]>([
    ['an empty text is required', { name: '' }, 'name', { kind: 'required' }],
    ['a text of spaces is required', { name: '   ' }, 'name', { kind: 'required' }],
    ['a missing value is required', { limit: undefined }, 'limit', { kind: 'required' }],
    ['an empty list below its minimum is required', { tags: [] }, 'tags', { kind: 'required' }],
    [
      'a text over its limit is too long',
      { name: 'n'.repeat(9) },
      'name',
      { kind: 'tooLong', max: 8 },
    ],
    [
      'a rule carrying an error name is that error',
      { email: 'ann' },
      'email',
      { kind: 'error', name: 'INVALID_EMAIL_FORMAT' },
    ],
    ['any other failure is a wrong value', { kind: 'c' }, 'kind', { kind: 'invalid' }],
    ['a number out of range is a wrong value', { limit: 10 }, 'limit', { kind: 'invalid' }],
  ])('%s', (_case, changes, field, problem) => {
    expect(problemsIn(changes)).toEqual({ [field]: problem });
  });

  it('a feature reads what the general rules leave as a wrong value, and nothing else', () => {
    const range = (): FieldProblem => ({ kind: 'range', min: 1, max: 9 });
    expect(problemsIn({ limit: 2.5 }, range)).toEqual({ limit: { kind: 'range', min: 1, max: 9 } });
    expect(problemsIn({ name: '', limit: 0 }, range)).toEqual({
      name: { kind: 'required' },
      limit: { kind: 'range', min: 1, max: 9 },
    });
  });

  it('only the first issue of a field counts, and keys the form does not show are left out', () => {
    const input = { ...fine, limit: 0.5, extra: 1 };
    const parsed = v.safeParse(v.object({ ...Sample.entries, extra: v.string() }), input);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.issues.filter((issue) => issue.path?.[0]?.key === 'limit').length).toBe(2);
    expect(problemsOf(parsed.issues, FIELDS, input)).toEqual({ limit: { kind: 'invalid' } });
  });

  it('a schema key may be shown at a field of another name', () => {
    const input = { ...fine, email: 'ann' };
    const parsed = v.safeParse(Sample, input);
    if (parsed.success) throw new Error('expected a problem');
    const fieldOf = (key: string) => (key === 'email' ? 'login' : undefined);
    expect(problemsOf(parsed.issues, fieldOf, input)).toEqual({
      login: { kind: 'error', name: 'INVALID_EMAIL_FORMAT' },
    });
  });
});

describe('where a refusal of the server is shown', () => {
  const byName = { ROLE_EXISTS: 'name' } as const;
  it.each<[string, ApiError | undefined, SampleField | null, FieldProblem]>([
    [
      'a refusal without a name above the buttons as an unknown error',
      undefined,
      null,
      { kind: 'error', name: 'UNKNOWN_ERROR' },
    ],
    [
      'an error the form places by its name at that field',
      { name: 'ROLE_EXISTS' },
      'name',
      { kind: 'error', name: 'ROLE_EXISTS' },
    ],
    [
      'a wrong value at the field the server names',
      { name: 'VALIDATION_FAILED', params: { field: 'limit' } },
      'limit',
      { kind: 'invalid' },
    ],
    [
      'a named error at the field the server names, with its parameters',
      { name: 'INVALID_EMAIL_FORMAT', params: { field: 'email' } },
      'email',
      { kind: 'error', name: 'INVALID_EMAIL_FORMAT', params: { field: 'email' } },
    ],
    [
      'a wrong value at a field the form does not show above the buttons',
      { name: 'VALIDATION_FAILED', params: { field: 'roleId' } },
      null,
      { kind: 'error', name: 'VALIDATION_FAILED', params: { field: 'roleId' } },
    ],
    [
      'anything else above the buttons',
      { name: 'ACCESS_DENIED' },
      null,
      { kind: 'error', name: 'ACCESS_DENIED' },
    ],
  ])('%s', (_case, error, field, problem) => {
    expect(refusalPlace<SampleField>(error, FIELDS, byName)).toEqual({ field, problem });
  });
});

describe('form validators and their errors', () => {
  it('a form’s check becomes its validator: each wrong field in words, nothing when it may be sent', () => {
    const check = (values: {
      name: string;
    }): { ok: true } | { ok: false; problems: { name: FieldProblem } } =>
      values.name === '' ? { ok: false, problems: { name: { kind: 'required' } } } : { ok: true };
    const validate = checkedFields<{ name: string }, 'name', FieldProblem>(check, (problem) =>
      problemText(problem, ru),
    );
    expect(validate({ value: { name: '' } })).toEqual({ fields: { name: 'Обязательное поле' } });
    expect(validate({ value: { name: 'Ann' } })).toBeUndefined();
  });

  it('each field’s problem becomes its text', () => {
    expect(
      fieldTexts<SampleField, FieldProblem>(
        { name: { kind: 'required' }, limit: { kind: 'tooLong', max: 3 } },
        (problem) => problemText(problem, en),
      ),
    ).toEqual({ name: 'Required field', limit: 'At most 3 characters' });
  });

  it.each<[readonly unknown[], string | undefined]>([
    [[], undefined],
    [[undefined, '', 'Required field', 'Later'], 'Required field'],
    [[{ message: 'not a text' }], undefined],
  ])('the first text a validator left in %j is %j', (errors, text) => {
    expect(firstError(errors)).toBe(text);
  });
});
