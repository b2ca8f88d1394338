import * as v from 'valibot';

/**
 * VK's API for community bots (dev.vk.com, v5.199) at two configurable roots: the API host
 * (`<api>/method/<name>`, parameters as a form, answers `{response}` or, with HTTP 200 still,
 * `{error:{error_code,error_msg}}`) and the OAuth host (`/authorize`, `/access_token`, answering
 * flat `{error, error_description}` refusals).
 */
export const VK_API_VERSION = '5.199';

export class VkApiError extends Error {
  constructor(
    /** VK's error_code (5 authorization failed, 6 too many requests, 901 …); 0 = no answer. */
    readonly code: number,
    /** HTTP status when VK's own answer was not readable (a 5xx of its front). */
    readonly httpStatus: number,
    readonly description: string,
  ) {
    super(`${String(code)} ${description}`);
    this.name = 'VkApiError';
  }

  /** Not now: no answer, too many requests (6), flood control (9), VK's own trouble (10, 5xx). */
  get retryable(): boolean {
    return (
      this.code === 0 ||
      this.code === 6 ||
      this.code === 9 ||
      this.code === 10 ||
      this.code === 29 ||
      this.httpStatus >= 500
    );
  }

  /** The community's token no longer works (5: revoked, the app removed): authorise again. */
  get tokenLapsed(): boolean {
    return this.code === 5;
  }
}

/** A community as groups.get (extended) and groups.getById describe it. */
export type VkGroup = { id: number; name: string; screenName: string };

const GroupSchema = v.looseObject({
  id: v.number(),
  name: v.string(),
  screen_name: v.optional(v.string(), ''),
});
const groupOf = (raw: v.InferOutput<typeof GroupSchema>): VkGroup => ({
  id: raw.id,
  name: raw.name,
  screenName: raw.screen_name,
});

const ErrorSchema = v.looseObject({
  error: v.looseObject({ error_code: v.number(), error_msg: v.optional(v.string(), '') }),
});
const OAuthErrorSchema = v.looseObject({
  error: v.string(),
  error_description: v.optional(v.string(), ''),
});

/** What an upload server answered for a photo: passed back as it is to photos.saveMessagesPhoto. */
const PhotoUploadSchema = v.looseObject({
  server: v.number(),
  photo: v.string(),
  hash: v.string(),
});
const DocUploadSchema = v.looseObject({ file: v.string() });
const SavedMediaSchema = v.looseObject({
  id: v.number(),
  owner_id: v.number(),
  access_key: v.optional(v.string()),
});

/** A Bots Long Poll server as groups.getLongPollServer gives it. */
export type LongPollServer = { server: string; key: string; ts: string };

/** One `a_check`: events and the ts to ask with next, or VK's `failed` code (1, 2, 3). */
export type LongPollAnswer =
  | { kind: 'updates'; ts: string; updates: unknown[] }
  | { kind: 'failed'; failed: number; ts?: string };

const LongPollFailedSchema = v.looseObject({
  failed: v.number(),
  ts: v.optional(v.union([v.string(), v.number()])),
});
const LongPollUpdatesSchema = v.looseObject({
  ts: v.union([v.string(), v.number()]),
  updates: v.array(v.unknown()),
});

export class VkClient {
  constructor(private readonly roots: { api: string; oauth: string }) {}

  /** One API method; its `response`, or a VkApiError. */
  async call(
    method: string,
    params: Record<string, string | number>,
    token: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) form.set(key, String(value));
    form.set('v', VK_API_VERSION);
    const json = await this.fetchJson(
      `${this.roots.api}/method/${method}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${token}`,
        },
        body: form.toString(),
      },
      signal,
    );
    const refused = v.safeParse(ErrorSchema, json);
    if (refused.success)
      throw new VkApiError(
        refused.output.error.error_code,
        200,
        refused.output.error.error_msg || 'refused',
      );
    if (!json || typeof json !== 'object' || !('response' in json))
      throw new VkApiError(0, 200, 'the answer had no response');
    return json.response;
  }

  /** The page the administrator signs in and consents on; with `groupId`, for that community. */
  authorizeUrl(input: {
    appId: string;
    state: string;
    redirectUri: string;
    groupId?: string;
  }): string {
    const url = new URL(`${this.roots.oauth}/authorize`);
    url.searchParams.set('client_id', input.appId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('display', 'page');
    if (input.groupId === undefined) url.searchParams.set('scope', 'groups');
    else {
      url.searchParams.set('group_ids', input.groupId);
      url.searchParams.set('scope', 'messages,manage,photos,docs');
    }
    url.searchParams.set('state', input.state);
    url.searchParams.set('v', VK_API_VERSION);
    return url.toString();
  }

  /**
   * `/access_token`: the code for a person's token, or (a sign-in for communities) for each
   * community's token, read from `groups[]` or the legacy `access_token_<id>` keys.
   */
  async exchangeCode(
    app: { id: string; secret: string },
    code: string,
    redirectUri: string,
    signal: AbortSignal,
  ): Promise<{ userToken?: string; groupTokens: Map<number, string> }> {
    const url = new URL(`${this.roots.oauth}/access_token`);
    url.searchParams.set('client_id', app.id);
    url.searchParams.set('client_secret', app.secret);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('code', code);
    const json = await this.fetchJson(url.toString(), { method: 'GET' }, signal);
    const refused = v.safeParse(OAuthErrorSchema, json);
    if (refused.success)
      throw new VkApiError(
        0,
        400,
        `${refused.output.error}: ${refused.output.error_description}`.trim(),
      );
    const body = (json ?? {}) as Record<string, unknown>;
    const groupTokens = new Map<number, string>();
    if (Array.isArray(body.groups))
      for (const group of body.groups as unknown[]) {
        const { group_id: id, access_token: token } = (group ?? {}) as Record<string, unknown>;
        if (typeof id === 'number' && typeof token === 'string') groupTokens.set(id, token);
      }
    for (const [key, value] of Object.entries(body)) {
      const match = /^access_token_(\d+)$/.exec(key);
      if (match && typeof value === 'string' && !groupTokens.has(Number(match[1])))
        groupTokens.set(Number(match[1]), value);
    }
    const userToken = typeof body.access_token === 'string' ? body.access_token : undefined;
    if (userToken === undefined && groupTokens.size === 0)
      throw new VkApiError(0, 200, 'the answer had no token');
    return { ...(userToken !== undefined ? { userToken } : {}), groupTokens };
  }

  /** The communities a person administers (a user token with the `groups` scope). */
  async adminGroups(userToken: string, signal: AbortSignal): Promise<VkGroup[]> {
    const answer = v.safeParse(
      v.looseObject({ items: v.array(GroupSchema) }),
      await this.call(
        'groups.get',
        { filter: 'admin', extended: 1, count: 1000 },
        userToken,
        signal,
      ),
    );
    if (!answer.success) throw new VkApiError(0, 200, 'groups.get answered no list');
    return answer.output.items.map(groupOf);
  }

  /** The community a community token belongs to. */
  async ownGroup(token: string, signal: AbortSignal): Promise<VkGroup> {
    const response = await this.call('groups.getById', {}, token, signal);
    // v5.199 answers `{groups, profiles}`; older versions a bare array.
    const list = Array.isArray(response)
      ? response
      : ((response as { groups?: unknown } | null)?.groups ?? []);
    const first = v.safeParse(GroupSchema, Array.isArray(list) ? list[0] : undefined);
    if (!first.success) throw new VkApiError(0, 200, 'groups.getById answered no community');
    return groupOf(first.output);
  }

  /** A person's name, as the community sees them ("" when VK shows no name). */
  async personName(token: string, userId: number, signal: AbortSignal): Promise<string> {
    const answer = v.safeParse(
      v.array(
        v.looseObject({
          first_name: v.optional(v.string(), ''),
          last_name: v.optional(v.string(), ''),
        }),
      ),
      await this.call('users.get', { user_ids: userId }, token, signal),
    );
    const person = answer.success ? answer.output[0] : undefined;
    return person ? `${person.first_name} ${person.last_name}`.trim() : '';
  }

  async confirmationCode(token: string, groupId: number, signal?: AbortSignal): Promise<string> {
    const answer = v.safeParse(
      v.looseObject({ code: v.string() }),
      await this.call('groups.getCallbackConfirmationCode', { group_id: groupId }, token, signal),
    );
    if (!answer.success) throw new VkApiError(0, 200, 'no confirmation code');
    return answer.output.code;
  }

  async callbackServers(
    token: string,
    groupId: number,
    signal: AbortSignal,
  ): Promise<{ id: number; url: string; status: string }[]> {
    const answer = v.safeParse(
      v.looseObject({
        items: v.array(
          v.looseObject({ id: v.number(), url: v.string(), status: v.optional(v.string(), '') }),
        ),
      }),
      await this.call('groups.getCallbackServers', { group_id: groupId }, token, signal),
    );
    if (!answer.success) throw new VkApiError(0, 200, 'groups.getCallbackServers answered no list');
    return answer.output.items;
  }

  async addCallbackServer(
    token: string,
    input: { groupId: number; url: string; title: string; secret: string },
    signal: AbortSignal,
  ): Promise<number> {
    const answer = v.safeParse(
      v.looseObject({ server_id: v.number() }),
      await this.call(
        'groups.addCallbackServer',
        { group_id: input.groupId, url: input.url, title: input.title, secret_key: input.secret },
        token,
        signal,
      ),
    );
    if (!answer.success) throw new VkApiError(0, 200, 'groups.addCallbackServer answered no id');
    return answer.output.server_id;
  }

  async editCallbackServer(
    token: string,
    input: { groupId: number; serverId: number; url: string; title: string; secret: string },
    signal: AbortSignal,
  ): Promise<void> {
    await this.call(
      'groups.editCallbackServer',
      {
        group_id: input.groupId,
        server_id: input.serverId,
        url: input.url,
        title: input.title,
        secret_key: input.secret,
      },
      token,
      signal,
    );
  }

  /** Which events a callback server (or, `serverId` absent, the Long Poll) is sent; 1 on, 0 off. */
  async setEvents(
    token: string,
    target: { groupId: number; serverId?: number },
    events: Record<string, 0 | 1>,
    signal: AbortSignal,
  ): Promise<void> {
    const params = { group_id: target.groupId, api_version: VK_API_VERSION, ...events };
    if (target.serverId === undefined)
      await this.call('groups.setLongPollSettings', { ...params, enabled: 1 }, token, signal);
    else
      await this.call(
        'groups.setCallbackSettings',
        { ...params, server_id: target.serverId },
        token,
        signal,
      );
  }

  async longPollServer(
    token: string,
    groupId: number,
    signal: AbortSignal,
  ): Promise<LongPollServer> {
    const answer = v.safeParse(
      v.looseObject({
        server: v.string(),
        key: v.string(),
        ts: v.union([v.string(), v.number()]),
      }),
      await this.call('groups.getLongPollServer', { group_id: groupId }, token, signal),
    );
    if (!answer.success)
      throw new VkApiError(0, 200, 'groups.getLongPollServer answered no server');
    return { ...answer.output, ts: String(answer.output.ts) };
  }

  /** One `a_check` of the Bots Long Poll, held up to `wait` seconds. */
  async longPollCheck(
    server: LongPollServer,
    wait: number,
    signal: AbortSignal,
  ): Promise<LongPollAnswer> {
    const url = new URL(server.server);
    url.searchParams.set('act', 'a_check');
    url.searchParams.set('key', server.key);
    url.searchParams.set('ts', server.ts);
    url.searchParams.set('wait', String(wait));
    const json = await this.fetchJson(url.toString(), { method: 'GET' }, signal);
    const failed = v.safeParse(LongPollFailedSchema, json);
    if (failed.success)
      return {
        kind: 'failed',
        failed: failed.output.failed,
        ...(failed.output.ts !== undefined ? { ts: String(failed.output.ts) } : {}),
      };
    const answer = v.safeParse(LongPollUpdatesSchema, json);
    if (!answer.success) throw new VkApiError(0, 200, 'the Long Poll answer was not readable');
    return { kind: 'updates', ts: String(answer.output.ts), updates: answer.output.updates };
  }

  /** messages.send to one person; VK's id of the message (the first one, for a repeated random_id). */
  async send(
    token: string,
    params: Record<string, string | number>,
    signal: AbortSignal,
  ): Promise<string> {
    const response = await this.call('messages.send', params, token, signal);
    if (typeof response !== 'number') throw new VkApiError(0, 200, 'messages.send answered no id');
    return String(response);
  }

  /** A photo for messages to `peerId`: uploaded and saved; the attachment to name it by. */
  async uploadPhoto(
    token: string,
    peerId: string,
    file: { name: string; type: string; bytes: Buffer },
    signal: AbortSignal,
  ): Promise<string> {
    const server = v.safeParse(
      v.looseObject({ upload_url: v.string() }),
      await this.call('photos.getMessagesUploadServer', { peer_id: peerId }, token, signal),
    );
    if (!server.success) throw new VkApiError(0, 200, 'no upload address for the photo');
    const uploaded = v.safeParse(
      PhotoUploadSchema,
      await this.upload(server.output.upload_url, 'photo', file, signal),
    );
    if (!uploaded.success || uploaded.output.photo === '[]')
      throw new VkApiError(0, 200, 'the photo upload was not taken');
    const saved = v.safeParse(
      v.array(SavedMediaSchema),
      await this.call(
        'photos.saveMessagesPhoto',
        {
          photo: uploaded.output.photo,
          server: uploaded.output.server,
          hash: uploaded.output.hash,
        },
        token,
        signal,
      ),
    );
    const photo = saved.success ? saved.output[0] : undefined;
    if (!photo) throw new VkApiError(0, 200, 'the photo was not saved');
    return mediaRef('photo', photo);
  }

  /** Any other file for messages to `peerId`, as a document. */
  async uploadDoc(
    token: string,
    peerId: string,
    file: { name: string; type: string; bytes: Buffer },
    signal: AbortSignal,
  ): Promise<string> {
    const server = v.safeParse(
      v.looseObject({ upload_url: v.string() }),
      await this.call(
        'docs.getMessagesUploadServer',
        { peer_id: peerId, type: 'doc' },
        token,
        signal,
      ),
    );
    if (!server.success) throw new VkApiError(0, 200, 'no upload address for the document');
    const uploaded = v.safeParse(
      DocUploadSchema,
      await this.upload(server.output.upload_url, 'file', file, signal),
    );
    if (!uploaded.success) throw new VkApiError(0, 200, 'the document upload was not taken');
    const saved = v.safeParse(
      v.looseObject({ type: v.literal('doc'), doc: SavedMediaSchema }),
      await this.call('docs.save', { file: uploaded.output.file, title: file.name }, token, signal),
    );
    if (!saved.success) throw new VkApiError(0, 200, 'the document was not saved');
    return mediaRef('doc', saved.output.doc);
  }

  private async upload(
    url: string,
    field: string,
    file: { name: string; type: string; bytes: Buffer },
    signal: AbortSignal,
  ): Promise<unknown> {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.fetchJson(url, { method: 'POST', body: form }, signal);
  }

  private async fetchJson(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new VkApiError(0, 0, 'VK did not answer');
    }
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new VkApiError(
        0,
        response.status,
        `the answer was not JSON (${String(response.status)})`,
      );
    }
  }
}

/** How messages.send names a saved photo or doc: `photo<owner>_<id>[_<access key>]`. */
const mediaRef = (
  kind: 'photo' | 'doc',
  media: { id: number; owner_id: number; access_key?: string | undefined },
): string =>
  `${kind}${String(media.owner_id)}_${String(media.id)}${media.access_key ? `_${media.access_key}` : ''}`;
