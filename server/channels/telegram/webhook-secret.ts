import { derivedSecret } from '../shared/derived-secret';

/** The header Telegram sends the secret_token given to setWebhook in. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * The webhook's secret_token, derived from the bot token and the channel id with HMAC-SHA256:
 * unguessable without the token (which only Telegram and we hold), the same on every server
 * instance and after a restart with nothing stored, and a new one as soon as the token is
 * replaced (start registers the webhook again). 43 characters of [A-Za-z0-9_-], as setWebhook
 * asks. It travels in a header, never in the webhook's path.
 */
export const webhookSecret = (botToken: string, channelId: string): string =>
  derivedSecret(botToken, 'telegram-webhook', channelId);
