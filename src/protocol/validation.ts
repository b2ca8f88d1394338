import * as v from 'valibot';
import { LIMITS } from './limits';
import { normalizeEmail } from './email';
import { CustomerText, SafeText } from './text';

/** Spec §5: at least 8 characters, an uppercase letter, a digit and a special character. */
export const PasswordSchema = v.pipe(
  v.string(),
  v.minLength(LIMITS.passwordMin, 'INVALID_PASSWORD_FORMAT'),
  v.regex(/\p{Lu}/u, 'INVALID_PASSWORD_FORMAT'),
  v.regex(/\d/, 'INVALID_PASSWORD_FORMAT'),
  v.regex(/[^\p{L}\p{N}\s]/u, 'INVALID_PASSWORD_FORMAT'),
);

export const EmailSchema = v.pipe(
  v.string(),
  v.transform(normalizeEmail),
  v.email('INVALID_EMAIL_FORMAT'),
);

/** A 6-digit one-time code from an authenticator app. */
export const TotpCodeSchema = v.pipe(v.string(), v.regex(/^\d{6}$/, 'TOTP_CODE_BAD_FORMAT'));

/** A message staff write: a refused character is told (INVALID_CHARACTERS), as in every form. */
export const MessageTextSchema = v.pipe(v.string(), SafeText, v.maxLength(LIMITS.messageTextMax));

/**
 * A customer's message as a channel delivers it: made safe rather than refused, since refusing
 * would lose their words (src/protocol/text.ts).
 */
export const CustomerMessageTextSchema = v.pipe(
  v.string(),
  CustomerText,
  v.maxLength(LIMITS.messageTextMax),
);

/** A customer's detail a channel tells (name, phone, their id there), made safe as their words are. */
export const customerDetail = (min: number, max: number) =>
  v.pipe(v.string(), CustomerText, v.minLength(min), v.maxLength(max));
