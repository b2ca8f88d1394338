import type { CheckResult } from '../adapter';
import { BotApiClient, BotApiError } from './bot-api-client';

/**
 * What BotFather issues: the bot's numeric id, a colon, and a secret of letters, digits, _ and -.
 * Checked before the token is put into an address, so no typed text can reshape the path.
 */
const TOKEN_FORMAT = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

/** Spec §5: a Telegram bot's username ends in "bot" (BotFather enforces it, in any case). */
export const isBotUsername = (username: string): boolean => /bot$/i.test(username);

/**
 * Asks Telegram who the token belongs to (getMe). A token of the wrong shape, refused (401), or
 * not answered is "Incorrect token specified" (SERVICE_ACCOUNT_INVALID_TOKEN, spec §8); a bot
 * whose username does not end in "bot" is refused at the same field. The bot's numeric id is the
 * channel's identity: one bot feeds one channel, and a replaced token must be the same bot's.
 */
export async function checkBotToken(
  apiRoot: string,
  token: string | undefined,
  signal: AbortSignal,
): Promise<CheckResult> {
  if (token === undefined || !TOKEN_FORMAT.test(token))
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
  let bot;
  try {
    bot = await new BotApiClient(apiRoot, token).getMe(signal);
  } catch (error) {
    if (error instanceof BotApiError || signal.aborted)
      return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
    // A getMe answer that is not a user: not a Bot API we can talk to.
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'token' };
  }
  if (!bot.is_bot || !bot.username || !isBotUsername(bot.username))
    return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: 'token' };
  return {
    ok: true,
    identity: String(bot.id),
    settings: { botUsername: bot.username, botName: bot.first_name },
  };
}
