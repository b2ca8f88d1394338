import * as v from 'valibot';
import type { ApiAnswer, ApiError } from '../../protocol';
import type { ApiClient } from '../../ui/http';

/** Where a sign-in attempt ends: a session, the one-time-code step, a refusal by name, or no server. */
export type SignInResult =
  | { kind: 'token'; token: string }
  | { kind: 'code'; ticket: string }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'unreachable' };

const TokenEntity = v.object({ token: v.pipe(v.string(), v.minLength(1)) });
const TicketEntity = v.object({ ticket: v.pipe(v.string(), v.minLength(1)) });

export function signInResult(answer: ApiAnswer<unknown> | null): SignInResult {
  if (answer === null) return { kind: 'unreachable' };
  if (answer.code === 'error') return { kind: 'refused', error: answer.error };
  const token = answer.code === 'ok' ? v.safeParse(TokenEntity, answer.entity) : null;
  if (token?.success) return { kind: 'token', token: token.output.token };
  const ticket = answer.code === 'totp_required' ? v.safeParse(TicketEntity, answer.entity) : null;
  if (ticket?.success) return { kind: 'code', ticket: ticket.output.ticket };
  console.warn('Unexpected sign-in answer', answer);
  return { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } };
}

// Raw: a 401 here is "Incorrect login or password", not the end of a session (spec §8).
export async function signIn(
  api: ApiClient,
  body: { email: string; password: string },
): Promise<SignInResult> {
  return signInResult(await api.request('POST', '/api/auth/login', { body, raw: true }));
}

export async function signInWithCode(
  api: ApiClient,
  body: { ticket: string; totpCode: string },
): Promise<SignInResult> {
  return signInResult(await api.request('POST', '/api/auth/login/totp', { body, raw: true }));
}
