import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A per-channel secret derived, not stored: HMAC-SHA256 of `<purpose>:<channel id>` keyed with a
 * credential only the provider and we hold (a bot token, an app secret), base64url. Unguessable
 * without the credential, the same on every server instance and after a restart with nothing to
 * store, and new as soon as the credential is replaced. Telegram's webhook secret and Meta's
 * verify token are both made here.
 */
export const derivedSecret = (key: string, purpose: string, channelId: string): string =>
  createHmac('sha256', key).update(`${purpose}:${channelId}`).digest('base64url');

/** Whether a value a caller sent (a header, a query parameter) is the expected secret; constant time. */
export function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // timingSafeEqual needs equal lengths; the length of a derived secret is public anyway.
  return a.length === b.length && timingSafeEqual(a, b);
}
