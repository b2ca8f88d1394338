import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Telegram sends the secret_token given to setWebhook in. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * The webhook's secret_token, derived from the bot token and the channel id with HMAC-SHA256:
 * unguessable without the token (which only Telegram and we hold), the same on every server
 * instance and after a restart with nothing stored, and a new one as soon as the token is
 * replaced (start registers the webhook again). 43 characters of [A-Za-z0-9_-], as setWebhook
 * asks. It travels in a header, never in the webhook's path.
 */
export function webhookSecret(botToken: string, channelId: string): string {
  return createHmac('sha256', botToken).update(`telegram-webhook:${channelId}`).digest('base64url');
}

/** Whether a call's header holds the expected secret; compared in constant time. */
export function secretMatches(header: string | string[] | undefined, expected: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const wanted = Buffer.from(expected);
  // timingSafeEqual needs equal lengths; the length of a derived secret is public anyway.
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
