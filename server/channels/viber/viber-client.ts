import * as v from 'valibot';
import { parseViberJson } from './viber-json';

/**
 * Viber's REST Bot API (developers.viber.com/docs/api/rest-bot-api): every call a POST of JSON to
 * `<root>/<method>` with the bot's token in `X-Viber-Auth-Token`; every answer HTTP 200 with a
 * `status` (0 is ok) and a `status_message`. Message tokens are 64-bit integers, read as text.
 */
export class ViberApiError extends Error {
  constructor(
    /** Viber's status (2 invalidAuthToken, 6 notSubscribed, 12 tooManyRequests, …); 0 = no answer. */
    readonly status: number,
    /** HTTP status when Viber's own answer was not readable. */
    readonly httpStatus: number,
    readonly description: string,
  ) {
    super(`${String(status)} ${description}`);
    this.name = 'ViberApiError';
  }

  /** Not now: no answer, throttled (12), or Viber's own trouble (an HTTP 5xx). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 12 || this.httpStatus >= 500;
  }

  /** The token no longer works (2 invalidAuthToken): the channel needs a new one. */
  get tokenLapsed(): boolean {
    return this.status === 2;
  }
}

const AnswerSchema = v.looseObject({
  status: v.number(),
  status_message: v.optional(v.string()),
});

export class ViberClient {
  constructor(
    private readonly apiRoot: string,
    private readonly token: string,
  ) {}

  async call(
    method: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.apiRoot}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-viber-auth-token': this.token },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ViberApiError(0, 0, 'Viber did not answer');
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = parseViberJson(text);
    } catch {
      throw new ViberApiError(
        0,
        response.status,
        `the answer was not JSON (${String(response.status)})`,
      );
    }
    const answer = v.safeParse(AnswerSchema, json);
    if (!answer.success) throw new ViberApiError(0, response.status, 'the answer had no status');
    if (answer.output.status !== 0)
      throw new ViberApiError(
        answer.output.status,
        response.status,
        answer.output.status_message ?? 'refused',
      );
    return answer.output;
  }

  /** The bot itself: its id (the channel's identity), name and public address. */
  async accountInfo(
    signal?: AbortSignal,
  ): Promise<{ id: string; name: string; uri: string | null }> {
    const info = await this.call('get_account_info', {}, signal);
    const id = info.id;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new ViberApiError(0, 200, 'the account had no id');
    return {
      id: String(id),
      name: typeof info.name === 'string' ? info.name : '',
      uri: typeof info.uri === 'string' ? info.uri : null,
    };
  }

  /** Points the bot's callbacks at us; Viber calls the address once before it answers. */
  async setWebhook(url: string, signal?: AbortSignal): Promise<void> {
    await this.call(
      'set_webhook',
      {
        url,
        event_types: [
          'delivered',
          'seen',
          'failed',
          'subscribed',
          'unsubscribed',
          'conversation_started',
        ],
        send_name: true,
        send_photo: false,
      },
      signal,
    );
  }

  /** Sends one message; Viber's token for it, as text. */
  async send(message: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
    const answer = await this.call('send_message', message, signal);
    const token = answer.message_token;
    if (typeof token !== 'string' && typeof token !== 'number')
      throw new ViberApiError(0, 200, 'no message token in the answer');
    return String(token);
  }
}
