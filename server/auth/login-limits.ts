import type { Charge, RateLimit } from '../limits/rate-limiter';

const MINUTE_MS = 60_000;

/** Sign-in attempts a minute: per account, and per client address over every account. */
export type LoginLimits = { account: RateLimit; address: RateLimit };

export const loginLimits = (perAccount: number, perAddress: number): LoginLimits => ({
  account: { name: 'login-account', max: perAccount, windowMs: MINUTE_MS },
  address: { name: 'login-address', max: perAddress, windowMs: MINUTE_MS },
});

/**
 * What one sign-in attempt (a password, or a two-factor code) counts against: its client's
 * address always, and its account when one is named. The account is its normalised e-mail, the
 * spelling the account lookup uses, so no other spelling of it starts a count of its own; many
 * addresses together get no more tries at an account than one, and one address no more tries
 * over many accounts than its own limit.
 */
export const loginCharges = (
  limits: LoginLimits,
  address: string,
  accountEmail: string | undefined,
): Charge[] => [
  { limit: limits.address, subject: address },
  ...(accountEmail === undefined ? [] : [{ limit: limits.account, subject: accountEmail }]),
];
