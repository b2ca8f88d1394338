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

/** Accepts the current code and one step either side, for clocks a little apart. */
export function checkTotp(secretBase32: string, code: string, at: Date): boolean {
  return (
    totpFor(secretBase32, '').validate({ token: code, timestamp: at.getTime(), window: 1 }) !== null
  );
}
