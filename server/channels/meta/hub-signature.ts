import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The header Meta signs every webhook call with (WhatsApp Cloud API, Instagram, Messenger):
 * `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret.
 */
export const HUB_SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * Whether a call's signature header is Meta's over these exact bytes; compared in constant time.
 * A missing header, a header given twice, another algorithm or a wrong length is no match: the
 * body is never parsed before this holds.
 */
export function hubSignatureMatches(
  header: string | string[] | undefined,
  appSecret: string,
  body: Buffer,
): boolean {
  if (typeof header !== 'string' || appSecret === '') return false;
  // Node's hex decoding stops quietly at the first stray character: the shape is checked first.
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header)?.[1];
  if (hex === undefined) return false;
  const wanted = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), wanted);
}
