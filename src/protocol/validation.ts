import * as v from 'valibot';
import { LIMITS } from './limits';
import { normalizeEmail } from './email';

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

export const MessageTextSchema = v.pipe(v.string(), v.maxLength(LIMITS.messageTextMax));
