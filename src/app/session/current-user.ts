import * as v from 'valibot';
import { CurrentUserSchema, type CurrentUser } from '../../protocol';
import type { ApiClient } from '../../ui/http';

export type UserLoad =
  { kind: 'user'; user: CurrentUser } | { kind: 'refused' } | { kind: 'unreachable' };

/** The app runs as an installed PWA (spec §7: the `pwa` query of GET auth/user). */
export const isStandalone = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;

/**
 * Loads the signed-in user. `unreachable` (offline, 5xx) is not a refusal: an offline-first app
 * keeps working with what it has. Any answer other than ok is only logged (spec §8) and ends the session.
 */
export async function loadCurrentUser(api: ApiClient, pwa: boolean): Promise<UserLoad> {
  const answer = await api.request('GET', '/api/auth/user', {
    query: { pwa: String(pwa) },
    raw: true,
  });
  if (answer === null) return { kind: 'unreachable' };
  if (answer.code !== 'ok') {
    console.warn('The current user was not loaded', answer);
    return { kind: 'refused' };
  }
  const parsed = v.safeParse(CurrentUserSchema, answer.entity);
  if (!parsed.success) {
    console.warn('The current user answer has an unexpected shape', parsed.issues);
    return { kind: 'refused' };
  }
  return { kind: 'user', user: parsed.output };
}
