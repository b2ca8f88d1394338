import { CHAT_EXPIRY, type Chat } from '../../../src/protocol';

export type ChatExpiry = Chat['expiry'];

/** A channel's delay thresholds (spec §3), in minutes; null switches that level off. */
export type ExpiryThresholds = { halfExpiredMinutes: number | null; expiredMinutes: number | null };

const MINUTE = 60_000;
const rank = (expiry: ChatExpiry) => CHAT_EXPIRY.indexOf(expiry);

/** The urgency a wait of this length has earned, from the thresholds alone. */
export function earnedExpiry(
  waitingSince: Date,
  thresholds: ExpiryThresholds,
  now: Date,
): ChatExpiry {
  const waited = now.getTime() - waitingSince.getTime();
  const reached = (minutes: number | null) => minutes !== null && waited >= minutes * MINUTE;
  if (reached(thresholds.expiredMinutes)) return 'expired';
  if (reached(thresholds.halfExpiredMinutes)) return 'half_expired';
  return 'none';
}

/**
 * A chat's urgency only rises (spec §4: "a chat cannot expire back to previous statuses"): an
 * answer or changed thresholds never turn a red chat yellow again while it stays open. Closing
 * ends the matter; a new chat starts at none.
 */
export function nextExpiry(current: ChatExpiry, earned: ChatExpiry): ChatExpiry {
  return rank(earned) > rank(current) ? earned : current;
}

/** Whether a requested change of urgency is allowed: forward only. */
export const mayExpireTo = (current: ChatExpiry, requested: ChatExpiry): boolean =>
  rank(requested) >= rank(current);

/**
 * When the expiry job should look at the chat again: the next threshold not yet reached, or
 * null when no higher level is left to earn.
 */
export function nextExpiryDue(
  waitingSince: Date,
  thresholds: ExpiryThresholds,
  current: ChatExpiry,
): Date | null {
  const levels: [ChatExpiry, number | null][] = [
    ['half_expired', thresholds.halfExpiredMinutes],
    ['expired', thresholds.expiredMinutes],
  ];
  const due = levels
    .filter(([level, minutes]) => minutes !== null && rank(level) > rank(current))
    .map(([, minutes]) => waitingSince.getTime() + (minutes ?? 0) * MINUTE);
  return due.length === 0 ? null : new Date(Math.min(...due));
}
