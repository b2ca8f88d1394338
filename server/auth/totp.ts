import { Secret, TOTP } from 'otpauth';
import { PLATFORM_NAME } from '../../src/protocol';

/** RFC 6238 as authenticator apps expect: SHA-1, 6 digits, 30-second steps. */
const totpFor = (secretBase32: string, label: string): TOTP =>
  new TOTP({
    issuer: PLATFORM_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });

export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, label).toString() };
}

const PERIOD_MS = 30_000;

/**
 * The 30-second step a code belongs to, or null for a wrong code. Accepts the current step and one
 * either side, for clocks a little apart; the caller refuses a step already used (RFC 6238 §5.2:
 * a code seen over someone's shoulder, or replayed from a log, must not sign in a second time).
 */
export function totpStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpFor(secretBase32, '').validate({
    token: code,
    timestamp: at.getTime(),
    window: 1,
  });
  return delta === null ? null : Math.floor(at.getTime() / PERIOD_MS) + delta;
}
