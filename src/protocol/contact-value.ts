import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { normalizeEmail } from './email';
import type { ContactKind } from './entities/client';
import type { ErrorName } from './errors';

/**
 * How a phone written without a country code is read. The product's customers are mostly in
 * Russia and Belarus (spec §2's regional delivery channel), where "8 912 …" and "912 …" are RU
 * numbers; any other country is written with its "+" code (docs/client-profiles.md).
 */
export const DEFAULT_PHONE_COUNTRY = 'RU';

/** A phone as E.164 ("+79121234567"), or null when it is no valid number. */
export function normalizePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

const EmailCheck = v.pipe(v.string(), v.email());

/**
 * A contact's value as it is stored and compared: phones as E.164, e-mails as `normalizeEmail`
 * spells them, a channel identity as the channel gave it. Kept out of the protocol's index: the
 * phone metadata is for the server and the profile screens, not for the first paint.
 */
export function normalizeContact(
  kind: ContactKind,
  raw: string,
): { ok: true; value: string } | { ok: false; error: ErrorName } {
  const trimmed = raw.trim();
  if (kind === 'phone') {
    const phone = normalizePhone(trimmed);
    return phone ? { ok: true, value: phone } : { ok: false, error: 'INVALID_PHONE' };
  }
  if (kind === 'email') {
    const email = normalizeEmail(trimmed);
    return v.is(EmailCheck, email)
      ? { ok: true, value: email }
      : { ok: false, error: 'INVALID_EMAIL_FORMAT' };
  }
  return trimmed.length > 0
    ? { ok: true, value: trimmed }
    : { ok: false, error: 'VALIDATION_FAILED' };
}
