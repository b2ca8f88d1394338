import * as v from 'valibot';
import { normalizeEmail } from './email';
import { TotpCodeSchema } from './validation';

/**
 * The two sign-in requests (spec §7 /auth/login and /auth/login/totp), in a file of their own:
 * the landing page imports them by this path and so stays clear of the rest of the API's
 * schemas (src/landing).
 */
export const LoginBody = v.object({
  // The account lookup and the login limits both key on this spelling (normalizeEmail).
  email: v.pipe(v.string(), v.transform(normalizeEmail), v.minLength(1), v.maxLength(255)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
});

export const LoginTotpBody = v.object({
  ticket: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  totpCode: TotpCodeSchema,
});
