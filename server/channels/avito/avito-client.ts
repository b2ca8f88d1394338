import * as v from 'valibot';
import { retryAfterOf } from '../meta/graph-client';

/**
 * Avito's Messenger API (its OpenAPI "Мессенджер", with "Авторизация"): a Bearer token from
 * `POST /token` (client_credentials, 24 hours) for every call; JSON answers; refusals as
 * `{error:{code,message}}` (or OAuth's `{error, error_description}` at /token).
 */
export class AvitoApiError extends Error {
  constructor(
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${String(status)} ${description}`);
    this.name = 'AvitoApiError';
  }

  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /** The token is no longer taken (Avito answers an expired one 403, a missing one 401). */
  get tokenRefused(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

const ErrorSchema = v.looseObject({
  error: v.union([
    v.string(),
    v.looseObject({ code: v.optional(v.number()), message: v.optional(v.string()) }),
  ]),
  error_description: v.optional(v.string()),
});
const TokenSchema = v.looseObject({ access_token: v.string(), expires_in: v.optional(v.number()) });
const SelfSchema = v.looseObject({ id: v.number(), name: v.optional(v.string()) });

/** One message as the messages list gives it. */
const MessageSchema = v.looseObject({
  id: v.string(),
  author_id: v.number(),
  created: v.optional(v.number()),
  type: v.string(),
  content: v.optional(v.looseObject({})),
  direction: v.optional(v.string()),
  /** Whether the message's recipient has read it (the customer, for ours). */
  is_read: v.optional(v.boolean()),
});
export type AvitoMessage = v.InferOutput<typeof MessageSchema>;
const MessagesSchema = v.union([
  v.array(MessageSchema),
  v.looseObject({ messages: v.array(MessageSchema) }),
]);
const ChatsSchema = v.looseObject({
  chats: v.array(
    v.looseObject({
      id: v.string(),
      last_message: v.optional(
        v.looseObject({ id: v.string(), direction: v.optional(v.string()) }),
      ),
    }),
  ),
});
const ChatSchema = v.looseObject({
  users: v.optional(v.array(v.looseObject({ id: v.number(), name: v.optional(v.string()) }))),
});
const UploadedSchema = v.record(v.string(), v.unknown());
const SentSchema = v.looseObject({ id: v.string() });

export type AvitoCredentials = { clientId: string; clientSecret: string };

export class AvitoClient {
  /** Tokens by client id: one a day per account, not one a call. */
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(private readonly apiRoot: string) {}

  private async fetchJson(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: BodyInit },
    signal?: AbortSignal,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.apiRoot}${path}`, { ...init, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AvitoApiError(0, 'Avito did not answer');
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return json;
    const refused = v.safeParse(ErrorSchema, json);
    const description = !refused.success
      ? response.statusText || 'refused'
      : typeof refused.output.error === 'string'
        ? (refused.output.error_description ?? refused.output.error)
        : (refused.output.error.message ?? response.statusText);
    throw new AvitoApiError(
      response.status,
      description,
      retryAfterOf(response.headers.get('retry-after')),
    );
  }

  /** A token for the account: kept until an hour before it expires. */
  async token(credentials: AvitoCredentials, signal?: AbortSignal, fresh = false): Promise<string> {
    const kept = this.tokens.get(credentials.clientId);
    if (!fresh && kept && kept.until > Date.now()) return kept.token;
    const json = await this.fetchJson(
      '/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      },
      signal,
    );
    const parsed = v.safeParse(TokenSchema, json);
    if (!parsed.success) throw new AvitoApiError(502, 'no token in the answer');
    const seconds = parsed.output.expires_in ?? 86_400;
    this.tokens.set(credentials.clientId, {
      token: parsed.output.access_token,
      until: Date.now() + Math.max(0, seconds - 3600) * 1000,
    });
    return parsed.output.access_token;
  }

  /** A call with the account's token; a refused token is renewed once and the call made again. */
  async call(
    credentials: AvitoCredentials,
    path: string,
    init: { method?: string; json?: unknown; form?: FormData } = {},
    signal?: AbortSignal,
  ): Promise<unknown> {
    const attempt = async (fresh: boolean) => {
      const token = await this.token(credentials, signal, fresh);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: BodyInit | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) body = init.form;
      return this.fetchJson(
        path,
        { method: init.method ?? (body ? 'POST' : 'GET'), headers, body },
        signal,
      );
    };
    try {
      return await attempt(false);
    } catch (error) {
      if (!(error instanceof AvitoApiError) || !error.tokenRefused) throw error;
      return attempt(true);
    }
  }

  async self(
    credentials: AvitoCredentials,
    signal?: AbortSignal,
  ): Promise<{ id: number; name: string | null }> {
    const parsed = v.safeParse(
      SelfSchema,
      await this.call(credentials, '/core/v1/accounts/self', {}, signal),
    );
    if (!parsed.success) throw new AvitoApiError(502, 'the account was not described');
    return { id: parsed.output.id, name: parsed.output.name ?? null };
  }

  async subscribe(credentials: AvitoCredentials, url: string, signal?: AbortSignal): Promise<void> {
    await this.call(credentials, '/messenger/v3/webhook', { json: { url } }, signal);
  }

  /** The account's most recently active chats, each with the id and direction of its last message. */
  async recentChats(
    credentials: AvitoCredentials,
    userId: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<{ id: string; lastMessage: { id: string; direction: string | null } | null }[]> {
    const json = await this.call(
      credentials,
      `/messenger/v2/accounts/${String(userId)}/chats?limit=${String(limit)}`,
      {},
      signal,
    );
    const parsed = v.safeParse(ChatsSchema, json);
    if (!parsed.success) throw new AvitoApiError(502, 'the chats were not listed');
    return parsed.output.chats.map((chat) => ({
      id: chat.id,
      lastMessage: chat.last_message
        ? { id: chat.last_message.id, direction: chat.last_message.direction ?? null }
        : null,
    }));
  }

  /** A chat's latest messages, newest first (this does not mark them read). */
  async messages(
    credentials: AvitoCredentials,
    userId: number,
    chatId: string,
    signal?: AbortSignal,
  ): Promise<AvitoMessage[]> {
    const json = await this.call(
      credentials,
      `/messenger/v3/accounts/${String(userId)}/chats/${encodeURIComponent(chatId)}/messages/?limit=100`,
      {},
      signal,
    );
    const parsed = v.safeParse(MessagesSchema, json);
    if (!parsed.success) throw new AvitoApiError(502, 'the messages were not listed');
    return Array.isArray(parsed.output) ? parsed.output : parsed.output.messages;
  }

  /** The name of a chat's user as Avito shows it, or null. */
  async userName(
    credentials: AvitoCredentials,
    userId: number,
    chatId: string,
    authorId: number,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const json = await this.call(
      credentials,
      `/messenger/v2/accounts/${String(userId)}/chats/${encodeURIComponent(chatId)}`,
      {},
      signal,
    );
    const parsed = v.safeParse(ChatSchema, json);
    if (!parsed.success) return null;
    return parsed.output.users?.find((user) => user.id === authorId)?.name ?? null;
  }

  async sendText(
    credentials: AvitoCredentials,
    userId: number,
    chatId: string,
    text: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const json = await this.call(
      credentials,
      `/messenger/v1/accounts/${String(userId)}/chats/${encodeURIComponent(chatId)}/messages`,
      { json: { message: { text }, type: 'text' } },
      signal,
    );
    return sentId(json);
  }

  async sendImage(
    credentials: AvitoCredentials,
    userId: number,
    chatId: string,
    file: { name: string; type: string; bytes: Buffer },
    signal?: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    form.append(
      'uploadfile[]',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
    const uploaded = v.safeParse(
      UploadedSchema,
      await this.call(
        credentials,
        `/messenger/v1/accounts/${String(userId)}/uploadImages`,
        { form },
        signal,
      ),
    );
    const imageId = uploaded.success ? Object.keys(uploaded.output)[0] : undefined;
    if (!imageId) throw new AvitoApiError(502, 'the image was not taken');
    const json = await this.call(
      credentials,
      `/messenger/v1/accounts/${String(userId)}/chats/${encodeURIComponent(chatId)}/messages/image`,
      { json: { image_id: imageId } },
      signal,
    );
    return sentId(json);
  }
}

function sentId(json: unknown): string {
  const parsed = v.safeParse(SentSchema, json);
  if (!parsed.success) throw new AvitoApiError(502, 'no message id in the answer');
  return parsed.output.id;
}
