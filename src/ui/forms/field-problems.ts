import type * as v from 'valibot';
import { ERROR_TEXTS, type ApiError, type ErrorName, type ErrorParams } from '../../protocol';
import type { Translator } from '../i18n';

/**
 * Why a form's value is wrong, before it becomes words in the user's language. A feature with a
 * reason of its own (a photo of the wrong type, a right the user lacks) adds it to this union and
 * words it itself, handing the rest to `problemText`.
 */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'wholeNumber' }
  | { kind: 'error'; name: ErrorName; params?: ErrorParams | undefined }
  | { kind: 'invalid' };

type I18n = Pick<Translator, 't' | 'error'>;

/** A problem in the user's language, as it shows under its field. */
export function problemText(problem: FieldProblem, i18n: I18n): string {
  switch (problem.kind) {
    case 'required':
      return i18n.t('form.required');
    case 'tooLong':
      return i18n.t('form.tooLong', { max: problem.max });
    case 'range':
      return i18n.t('form.range', { min: problem.min, max: problem.max });
    case 'wholeNumber':
      return i18n.t('form.wholeNumber');
    case 'error':
      return i18n.error(problem.name, problem.params);
    case 'invalid':
      return i18n.t('form.invalid');
  }
}

const isErrorName = (message: string): message is ErrorName => Object.hasOwn(ERROR_TEXTS, message);

/** The form's fields: a list of them (schema keys named as the fields), or a key-to-field lookup. */
export type FieldsOf<F extends string> = readonly F[] | ((key: string) => F | undefined);

const fieldFinder =
  <F extends string>(fields: FieldsOf<F>) =>
  (key: unknown): F | undefined => {
    if (typeof key !== 'string') return undefined;
    if (typeof fields === 'function') return fields(key);
    return (fields as readonly string[]).includes(key) ? (key as F) : undefined;
  };

/**
 * What a schema's issue means to the person typing: an empty box is required, a text over its
 * limit too long, a rule carrying a protocol error name that error (e.g. INVALID_PASSWORD_FORMAT),
 * and anything else what `special` makes of it (a number out of its range), or a wrong value.
 */
export function problemOf(
  value: unknown,
  issue: v.BaseIssue<unknown>,
  special: FieldProblem | undefined,
): FieldProblem {
  if (value === undefined || (typeof value === 'string' && value.trim() === ''))
    return { kind: 'required' };
  if (issue.type === 'max_length') return { kind: 'tooLong', max: Number(issue.requirement) };
  if (isErrorName(issue.message)) return { kind: 'error', name: issue.message };
  if (issue.type === 'min_length') return { kind: 'required' };
  return special ?? { kind: 'invalid' };
}

/**
 * The first problem of each field a schema found in `input`, keyed by the field the form shows.
 * `special` reads what the general rules do not (a feature's number ranges, whole minutes).
 */
export function problemsOf<F extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fields: FieldsOf<F>,
  input: Readonly<Record<string, unknown>>,
  special?: (field: F, issue: v.BaseIssue<unknown>) => FieldProblem | undefined,
): Partial<Record<F, FieldProblem>> {
  const fieldOf = fieldFinder(fields);
  const problems: Partial<Record<F, FieldProblem>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = fieldOf(key);
    if (!field || problems[field]) continue;
    problems[field] = problemOf(input[key as string], issue, special?.(field, issue));
  }
  return problems;
}

/**
 * Where the server's refusal of a save is shown: at the field it concerns — the one `byName` gives
 * for its error name (a taken name, a wrong current password), else the field it names itself —
 * or above the buttons (`field: null`) when it concerns the whole form.
 */
export function refusalPlace<F extends string>(
  error: ApiError | undefined,
  fields: FieldsOf<F>,
  byName: Partial<Record<ErrorName, F>> = {},
): { field: F | null; problem: FieldProblem } {
  if (!error) return { field: null, problem: { kind: 'error', name: 'UNKNOWN_ERROR' } };
  const field = byName[error.name] ?? fieldFinder(fields)(error.params?.field) ?? null;
  if (field && error.name === 'VALIDATION_FAILED') return { field, problem: { kind: 'invalid' } };
  return { field, problem: { kind: 'error', name: error.name, params: error.params } };
}

/** Each field's problem in words: what a form validator returns as its `fields`. */
export function fieldTexts<F extends string, P>(
  problems: Partial<Record<F, P>>,
  text: (problem: P) => string,
): Partial<Record<F, string>> {
  const texts: Partial<Record<F, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [F, P | undefined][])
    if (problem !== undefined) texts[field] = text(problem);
  return texts;
}

/**
 * A form validator made of the form's check: each wrong field's problem in words (what TanStack
 * Form takes as `{ fields }`), or nothing when the values would be sent.
 */
export const checkedFields =
  <V, F extends string, P>(
    check: (values: V) => { ok: true } | { ok: false; problems: Partial<Record<F, P>> },
    text: (problem: P) => string,
  ) =>
  ({ value }: { value: V }): { fields: Partial<Record<F, string>> } | undefined => {
    const checked = check(value);
    return checked.ok ? undefined : { fields: fieldTexts(checked.problems, text) };
  };

/** The first error a form validator left on a field: the translated text it returned. */
export const firstError = (errors: readonly unknown[]): string | undefined =>
  errors.find((error): error is string => typeof error === 'string' && error !== '');
