import * as v from 'valibot';
import { CurrentUserSchema, type ApiAnswer, type ApiError, type CurrentUser } from '../../protocol';
import type { ApiClient } from '../../ui/http';
import type { AccountUpdate, PasswordChange } from './profile-form';

/**
 * Where an online account call ends: done (with what the server answered), refused by name, or
 * no answer at all (no connection, or a server failure): the form keeps what the user typed.
 */
export type CallResult<T> =
  { kind: 'done'; value: T } | { kind: 'refused'; error: ApiError } | { kind: 'unreachable' };

/** Reads an answer with the schema of what an ok answer carries. */
export function callResult<T>(
  answer: ApiAnswer<unknown> | null,
  entity: v.GenericSchema<unknown, T>,
): CallResult<T> {
  if (answer === null) return { kind: 'unreachable' };
  if (answer.code === 'error') return { kind: 'refused', error: answer.error };
  const parsed = answer.code === 'ok' ? v.safeParse(entity, answer.entity) : null;
  if (parsed?.success) return { kind: 'done', value: parsed.output };
  // Its code and the fields that failed, never the answer itself: it may carry a two-factor secret.
  const fields = parsed?.issues.map((issue) => v.getDotPath(issue) ?? '') ?? [];
  console.warn('Unexpected answer to an account call', { code: answer.code, fields });
  return { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } };
}

/** A pending two-factor secret: base32 for typing in, and the otpauth:// address the QR code holds. */
export const TotpSecretSchema = v.object({
  secret: v.pipe(v.string(), v.regex(/^[A-Z2-7]+=*$/)),
  otpauthUrl: v.pipe(v.string(), v.startsWith('otpauth://totp/')),
});
export type TotpSecret = v.InferOutput<typeof TotpSecretSchema>;

// These calls change the account on the server at once and need its answer (a wrong current
// password, a wrong code), so they are online calls, not outbox commands (docs/profile.md).

export async function updateAccount(
  api: ApiClient,
  body: AccountUpdate,
): Promise<CallResult<CurrentUser>> {
  return callResult(
    await api.request('PATCH', '/api/auth/acc/update', { body }),
    CurrentUserSchema,
  );
}

export async function changePassword(
  api: ApiClient,
  body: PasswordChange,
): Promise<CallResult<null>> {
  return callResult(await api.request('POST', '/api/auth/acc/passwordChange', { body }), v.null());
}

export async function generateTotp(api: ApiClient): Promise<CallResult<TotpSecret>> {
  // An empty object: the app sends a JSON content type, and an empty JSON body is refused.
  return callResult(
    await api.request('POST', '/api/auth/generate', { body: {} }),
    TotpSecretSchema,
  );
}

export async function toggleTotp(
  api: ApiClient,
  body: { enabled: boolean; totpCode: string },
): Promise<CallResult<CurrentUser>> {
  return callResult(await api.request('PATCH', '/api/auth/toggle', { body }), CurrentUserSchema);
}
