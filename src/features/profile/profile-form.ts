import * as v from 'valibot';
import {
  AccountUpdateBody,
  PasswordChangeBody,
  type ApiError,
  type ErrorName,
  type Language,
} from '../../protocol';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

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

const ACCOUNT_FIELDS: readonly AccountField[] = ['name', 'phone', 'language'];

/**
 * What the form stands on: the values of the row (or the session), except just after a save, when
 * the row has not caught up yet: the saved values stand until it agrees, so the form never shows
 * the old values again in between. `settled`: the saved values, if any, can be let go.
 */
export function accountFormBasis(
  live: AccountFormValues,
  saved: AccountFormValues | null,
): { values: AccountFormValues; settled: boolean } {
  if (saved === null) return { values: live, settled: true };
  const agrees = ACCOUNT_FIELDS.every((field) => live[field] === saved[field]);
  return agrees ? { values: live, settled: true } : { values: saved, settled: false };
}

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
    problems: problemsOf(parsed.issues, ACCOUNT_FIELDS, input),
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

const PASSWORD_FIELDS: readonly PasswordField[] = ['oldPassword', 'newPassword', 'repeatPassword'];

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
  const problems = problemsOf(parsed.issues, PASSWORD_FIELDS, values);
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
export const passwordRefusal = (error: ApiError) =>
  refusalPlace(error, PASSWORD_FIELDS, PASSWORD_REFUSALS);

export const accountRefusal = (error: ApiError) => refusalPlace(error, ACCOUNT_FIELDS);
