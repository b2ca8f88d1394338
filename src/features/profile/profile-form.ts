import * as v from 'valibot';
import {
  AccountUpdateBody,
  ERROR_TEXTS,
  PasswordChangeBody,
  type ApiError,
  type ErrorName,
  type ErrorParams,
  type Language,
} from '../../protocol';
import type { Translator } from '../../ui/i18n';

/** Why a value is wrong, before it becomes words in the user's language. */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'error'; name: ErrorName; params?: ErrorParams | undefined }
  | { kind: 'invalid' };

/** A problem in the user's language, as it shows under its field. */
export function problemText(problem: FieldProblem, i18n: Pick<Translator, 't' | 'error'>): string {
  switch (problem.kind) {
    case 'required':
      return i18n.t('form.required');
    case 'tooLong':
      return i18n.t('profile.error.tooLong', { max: problem.max });
    case 'error':
      return i18n.error(problem.name, problem.params);
    case 'invalid':
      return i18n.t('form.invalid');
  }
}

const isErrorName = (message: string): message is ErrorName => Object.hasOwn(ERROR_TEXTS, message);

/** The first problem of each field a schema found, keyed by the field the form shows. */
function problemsOf<F extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fieldOf: (key: string) => F | undefined,
  input: Record<string, unknown>,
): Partial<Record<F, FieldProblem>> {
  const problems: Partial<Record<F, FieldProblem>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? fieldOf(key) : undefined;
    if (!field || problems[field]) continue;
    const value = input[key as string];
    if (typeof value === 'string' && value.trim() === '') problems[field] = { kind: 'required' };
    else if (issue.type === 'max_length')
      problems[field] = { kind: 'tooLong', max: Number(issue.requirement) };
    else if (isErrorName(issue.message)) problems[field] = { kind: 'error', name: issue.message };
    else problems[field] = { kind: 'invalid' };
  }
  return problems;
}

// ——— Your information ———

/** "Your information" as the form holds it: inputs as the browser gives them. */
export type AccountFormValues = { name: string; phone: string; language: Language };
export type AccountField = keyof AccountFormValues;
export type AccountUpdate = v.InferOutput<typeof AccountUpdateBody>;

/** The form's values from the user's own row (kept live by sync), or what the session knows. */
export function accountFormDefaults(
  row: { name: string; phone: string | null; language: Language } | undefined,
  session: { name: string; language: Language },
): AccountFormValues {
  return {
    name: row?.name ?? session.name,
    phone: row?.phone ?? '',
    language: row?.language ?? session.language,
  };
}

const ACCOUNT_FIELDS: readonly string[] = ['name', 'phone', 'language'];

/**
 * The form checked with the very schema the server parses `auth/acc/update` with (spec §5:
 * name required, max 32): the body to send, or the first problem of each field. An empty phone
 * is sent as null, so clearing it removes the number.
 */
export function checkAccountForm(
  values: AccountFormValues,
):
  | { ok: true; body: AccountUpdate }
  | { ok: false; problems: Partial<Record<AccountField, FieldProblem>> } {
  const phone = values.phone.trim();
  const input = {
    name: values.name,
    phone: phone === '' ? null : phone,
    language: values.language,
  };
  const parsed = v.safeParse(AccountUpdateBody, input);
  if (parsed.success) return { ok: true, body: parsed.output };
  return {
    ok: false,
    problems: problemsOf(
      parsed.issues,
      (key) => (ACCOUNT_FIELDS.includes(key) ? (key as AccountField) : undefined),
      input,
    ),
  };
}

// ——— Change password ———

export type PasswordFormValues = {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
};
export type PasswordField = keyof PasswordFormValues;
export type PasswordChange = v.InferOutput<typeof PasswordChangeBody>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  oldPassword: '',
  newPassword: '',
  repeatPassword: '',
};

const PASSWORD_FIELDS: readonly string[] = ['oldPassword', 'newPassword', 'repeatPassword'];

/**
 * Spec §5 with the server's own schema: the current password is required, the new one has 8
 * characters with an uppercase letter, a digit and a special character ("Invalid password
 * format"), and the repeat matches ("Passwords do not match").
 */
export function checkPasswordForm(
  values: PasswordFormValues,
):
  | { ok: true; body: PasswordChange }
  | { ok: false; problems: Partial<Record<PasswordField, FieldProblem>> } {
  const parsed = v.safeParse(PasswordChangeBody, values);
  if (parsed.success) return { ok: true, body: parsed.output };
  const problems = problemsOf(
    parsed.issues,
    (key) => (PASSWORD_FIELDS.includes(key) ? (key as PasswordField) : undefined),
    values,
  );
  // An empty repeat of a filled-in password is a mismatch, not a missing field.
  if (
    problems.repeatPassword?.kind === 'required' &&
    values.repeatPassword === '' &&
    values.newPassword !== ''
  )
    problems.repeatPassword = { kind: 'error', name: 'PASSWORDS_DO_NOT_MATCH' };
  return { ok: false, problems };
}

/** Where each refusal of the server belongs when it names no field the form knows. */
const PASSWORD_REFUSALS: Partial<Record<ErrorName, PasswordField>> = {
  PASSWORD_INCORRECT: 'oldPassword',
  INVALID_PASSWORD_FORMAT: 'newPassword',
  PASSWORDS_DO_NOT_MATCH: 'repeatPassword',
};

/**
 * Where the server's refusal is shown: at the field it concerns (a wrong current password at the
 * current-password field), or above the buttons for anything else.
 */
export function refusalPlace<F extends string>(
  error: ApiError,
  fields: readonly F[],
  byName: Partial<Record<ErrorName, F>> = {},
): { field: F | null; problem: FieldProblem } {
  const named = error.params?.field;
  const field =
    byName[error.name] ??
    (typeof named === 'string' && (fields as readonly string[]).includes(named)
      ? (named as F)
      : null);
  if (field && error.name === 'VALIDATION_FAILED') return { field, problem: { kind: 'invalid' } };
  return { field, problem: { kind: 'error', name: error.name, params: error.params } };
}

export const passwordRefusal = (error: ApiError) =>
  refusalPlace<PasswordField>(
    error,
    ['oldPassword', 'newPassword', 'repeatPassword'],
    PASSWORD_REFUSALS,
  );

export const accountRefusal = (error: ApiError) =>
  refusalPlace<AccountField>(error, ['name', 'phone', 'language']);
