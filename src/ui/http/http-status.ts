/**
 * What the app does with an HTTP status (spec §8): 401 ends the session, 403 and 404 move to
 * their status pages, 5xx is silent and yields no data; everything else carries a JSON answer
 * (`{ code: 'ok' | 'totp_required' | 'error', … }`) that the caller reads.
 */
export type StatusOutcome = 'answer' | 'unauthorized' | 'forbidden' | 'not-found' | 'no-data';

export function statusOutcome(status: number): StatusOutcome {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'no-data';
  return 'answer';
}
