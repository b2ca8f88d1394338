import * as v from 'valibot';
import type { ErrorName } from '../../protocol';
import { LoginBody } from '../../protocol/sign-in-api';
import { EmailSchema, TotpCodeSchema } from '../../protocol/validation';
import type { Texts } from '../../ui/i18n/texts';
import type { SignInKey } from './auth-messages';

/**
 * Every error name the sign-in can show: the login calls' refusals (server/auth/auth-service.ts,
 * the login limits, the request's own check) and the forms' checks. The landing page carries the
 * texts of these alone (src/landing); there, any other name reads as UNKNOWN_ERROR.
 */
export const SIGN_IN_ERRORS = [
  'INVALID_CREDENTIALS',
  'USER_INACTIVE',
  'ORGANIZATION_DEACTIVATED',
  'TOTP_CODE_WRONG',
  'TOTP_CODE_EXPIRED',
  'TOTP_CODE_BAD_FORMAT',
  'INVALID_EMAIL_FORMAT',
  'TOO_MANY_REQUESTS',
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNKNOWN_ERROR',
] as const satisfies readonly ErrorName[];

export type SignInError = (typeof SIGN_IN_ERRORS)[number];

const isSignInError = (message: string): message is SignInError =>
  (SIGN_IN_ERRORS as readonly string[]).includes(message);

// The e-mail is checked for its format before the server is asked (spec §5 "Invalid email format").
export const CredentialsSchema = v.object({
  email: EmailSchema,
  password: LoginBody.entries.password,
});

export const CodeSchema = v.object({ totpCode: TotpCodeSchema });

/** Why a sign-in field is wrong: empty, an error its rule names, or any other wrong value. */
export type FieldProblem =
  { kind: 'required' } | { kind: 'error'; name: SignInError } | { kind: 'invalid' };

/**
 * The first problem of each field the schema finds in `values`, checked when the form is sent
 * (the sign-in forms check nothing while the user types).
 */
export function fieldProblems<Field extends string>(
  schema: v.GenericSchema<Record<Field, string>, unknown>,
  values: Record<Field, string>,
): Partial<Record<Field, FieldProblem>> {
  const result = v.safeParse(schema, values);
  const problems: Partial<Record<Field, FieldProblem>> = {};
  if (result.success) return problems;
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || !Object.hasOwn(values, key)) continue;
    const field = key as Field;
    if (problems[field]) continue;
    problems[field] =
      values[field].trim() === ''
        ? { kind: 'required' }
        : isSignInError(issue.message)
          ? { kind: 'error', name: issue.message }
          : { kind: 'invalid' };
  }
  return problems;
}

/** A field's problem in the user's language, as it shows under the field. */
export function problemText(problem: FieldProblem, texts: Pick<Texts<SignInKey>, 't' | 'error'>) {
  switch (problem.kind) {
    case 'required':
      return texts.t('form.required');
    case 'error':
      return texts.error(problem.name);
    case 'invalid':
      return texts.t('form.invalid');
  }
}
