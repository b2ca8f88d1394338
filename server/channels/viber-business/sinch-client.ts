import * as v from 'valibot';
import { retryAfterOf } from '../meta/graph-client';

/**
 * Sinch's Conversation API (developers.sinch.com/docs/conversation), the partner through which
 * the installation reaches Viber Business Messages (channel `VIBERBM`): an OAuth2 token from the
 * auth host (client credentials: the installation's access key), then JSON calls under
 * `/v1/projects/<project>` at the regional API host. Refusals as
 * `{error:{code, message, status}}` (Google's API error shape).
 */
export class SinchApiError extends Error {
  constructor(
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${String(status)} ${description}`);
    this.name = 'SinchApiError';
  }

  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The installation's Sinch account: its project and access key, and the two hosts. */
export type SinchAccount = {
  authRoot: string;
  apiRoot: string;
  projectId: string;
  keyId: string;
  keySecret: string;
};

const ErrorSchema = v.looseObject({
  error: v.union([
    v.string(),
    v.looseObject({ message: v.optional(v.string()), status: v.optional(v.string()) }),
  ]),
  error_description: v.optional(v.string()),
});
const TokenSchema = v.looseObject({ access_token: v.string(), expires_in: v.optional(v.number()) });
const AppsSchema = v.looseObject({
  apps: v.optional(
    v.array(
      v.looseObject({
        id: v.string(),
        display_name: v.optional(v.string()),
        channel_credentials: v.optional(
          v.array(
            v.looseObject({
              channel: v.string(),
              static_bearer: v.optional(
                v.looseObject({ claimed_identity: v.optional(v.string()) }),
              ),
            }),
          ),
        ),
      }),
    ),
  ),
});
const WebhooksSchema = v.looseObject({
  webhooks: v.optional(v.array(v.looseObject({ id: v.string(), target: v.string() }))),
});
const WebhookSchema = v.looseObject({ id: v.string() });
const SentSchema = v.looseObject({ message_id: v.string() });

/** The Conversation API app that carries a Viber service (its VIBERBM credentials claim it). */
export type ViberServiceApp = { appId: string; name: string };

/** A token is renewed this long before it expires (Sinch's live an hour). */
const TOKEN_MARGIN_MS = 60_000;

export class SinchClient {
  private token: { value: string; until: number } | null = null;

  constructor(private readonly account: SinchAccount) {}

  /** Whether the installation has a Sinch account configured at all. */
  get configured(): boolean {
    return (
      this.account.projectId !== '' && this.account.keyId !== '' && this.account.keySecret !== ''
    );
  }

  private async bearer(signal: AbortSignal): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.account.keyId}:${this.account.keySecret}`).toString('base64');
    const json = await this.fetchJson(
      `${this.account.authRoot}/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      signal,
    );
    const parsed = v.safeParse(TokenSchema, json);
    if (!parsed.success) throw new SinchApiError(502, 'no token in the answer');
    const lifetime = (parsed.output.expires_in ?? 3599) * 1000;
    this.token = {
      value: parsed.output.access_token,
      until: Date.now() + Math.max(0, lifetime - TOKEN_MARGIN_MS),
    };
    return this.token.value;
  }

  /** One call under the project; a 401 with a kept token is tried once more with a fresh one. */
  private async call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<unknown> {
    const url = `${this.account.apiRoot}/v1/projects/${encodeURIComponent(this.account.projectId)}/${path}`;
    const send = async () =>
      this.fetchJson(
        url,
        {
          method,
          headers: {
            authorization: `Bearer ${await this.bearer(signal)}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        signal,
      );
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof SinchApiError) || error.status !== 401 || this.token === null)
        throw error;
      this.token = null;
      return send();
    }
  }

  /** The app whose VIBERBM credentials claim this service id, or null when none does. */
  async viberService(serviceId: string, signal: AbortSignal): Promise<ViberServiceApp | null> {
    const parsed = v.safeParse(AppsSchema, await this.call('GET', 'apps', undefined, signal));
    if (!parsed.success) throw new SinchApiError(502, 'the apps were not listed');
    for (const app of parsed.output.apps ?? [])
      for (const credential of app.channel_credentials ?? [])
        if (
          credential.channel === 'VIBERBM' &&
          credential.static_bearer?.claimed_identity === serviceId
        )
          return { appId: app.id, name: app.display_name ?? serviceId };
    return null;
  }

  /** Points the app's webhook for our address at us with this secret: one webhook, not another each start. */
  async ensureWebhook(
    appId: string,
    target: string,
    secret: string,
    signal: AbortSignal,
  ): Promise<void> {
    const listed = v.safeParse(
      WebhooksSchema,
      await this.call('GET', `apps/${encodeURIComponent(appId)}/webhooks`, undefined, signal),
    );
    const ours = listed.success
      ? (listed.output.webhooks ?? []).find((hook) => hook.target === target)
      : undefined;
    const webhook = {
      app_id: appId,
      target,
      target_type: 'HTTP',
      secret,
      triggers: ['MESSAGE_INBOUND', 'MESSAGE_DELIVERY'],
    };
    if (ours) await this.call('PATCH', `webhooks/${encodeURIComponent(ours.id)}`, webhook, signal);
    else {
      const made = v.safeParse(WebhookSchema, await this.call('POST', 'webhooks', webhook, signal));
      if (!made.success) throw new SinchApiError(502, 'the webhook was not made');
    }
  }

  /** Sends one message to a Viber user (their phone number) through the app; Sinch's message id. */
  async send(
    appId: string,
    to: string,
    message: Record<string, unknown>,
    correlationId: string,
    signal: AbortSignal,
  ): Promise<string> {
    const json = await this.call(
      'POST',
      'messages:send',
      {
        app_id: appId,
        recipient: {
          identified_by: { channel_identities: [{ channel: 'VIBERBM', identity: to }] },
        },
        message,
        channel_priority_order: ['VIBERBM'],
        correlation_id: correlationId,
      },
      signal,
    );
    const parsed = v.safeParse(SentSchema, json);
    if (!parsed.success) throw new SinchApiError(502, 'no message id in the answer');
    return parsed.output.message_id;
  }

  private async fetchJson(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new SinchApiError(0, 'Sinch did not answer');
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return json;
    const refused = v.safeParse(ErrorSchema, json);
    const words = refused.success
      ? typeof refused.output.error === 'string'
        ? `${refused.output.error}${refused.output.error_description ? `: ${refused.output.error_description}` : ''}`
        : (refused.output.error.message ?? refused.output.error.status ?? response.statusText)
      : response.statusText || 'refused';
    throw new SinchApiError(
      response.status,
      words,
      retryAfterOf(response.headers.get('retry-after')),
    );
  }
}
