import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeVkCommunity, FakeVkUser, USER_TOKEN_MS, type Host, type Upload } from './vk-community';
import {
  answer,
  answerHttpFailure,
  answerPage,
  apiVersionParam,
  callbackServerFields,
  consentPage,
  eventFlags,
  flagParam,
  groupObject,
  HttpFailure,
  idAllocator,
  intParam,
  listParam,
  oauthCode,
  OAuthError,
  parseMultipart,
  PICTURE,
  readBody,
  redirect,
  requestParams,
  requiredInt,
  sendParams,
  setEvents,
  signInPage,
  uploadIdOfPhoto,
  userObject,
  VkApiError,
  vkError,
  type Params,
  type VkCallbackServer,
} from './vk-shapes';

export { FakeVkCommunity, FakeVkUser, VkCustomer } from './vk-community';
export type { VkLongPoll, VkWriteOptions } from './vk-community';
export type {
  SentVk,
  SentVkAttachment,
  VkAttachment,
  VkCallbackAnswer,
  VkCallbackBody,
  VkCallbackServer,
  VkDoc,
  VkEvent,
  VkEventType,
  VkMessage,
  VkPhoto,
} from './vk-shapes';
export { API_VERSION } from './vk-shapes';

/**
 * A local VK for tests, speaking VK's API for community bots as dev.vk.com documents it at
 * v5.199. One server stands for VK's two hosts, so the product points both roots here:
 *
 * - oauth.vk.ru: `/authorize`, a consent page naming the signed-in person (and, with `group_ids`,
 *   the communities asked for) with Allow and Cancel, redirecting to redirect_uri with `code` (or
 *   `error=access_denied`); `/access_token`, the code for a user token (a day) or for community
 *   tokens (`groups[]`, and the legacy `access_token_<group_id>` keys; they do not expire);
 * - api.vk.ru: `/method/<name>` with parameters in the query or a form body, the token as
 *   `access_token` or `Authorization: Bearer`, `v` required; answers `{response}` or, with HTTP
 *   200 still, `{error:{error_code,error_msg,request_params}}`. Methods: groups.get,
 *   groups.getById, users.get, the Callback API's server and settings methods, the Bots Long
 *   Poll's, messages.send (random_id dedupe, keyboard and length checks, permission 901), and
 *   the messages upload servers of photos and docs.
 *
 * Inbound events go where the community's settings send them, as VK does: to every callback
 * server that passed the confirmation request and enables the event type (retried with
 * X-Retry-Counter until it answers `ok`), and to the Bots Long Poll queue when it is enabled for
 * the type (`/lp/<group_id>?act=a_check`, held up to `wait` seconds, `failed` 1, 2 and 3).
 * Customers' photos and docs are served from `/cdn/`, as are the uploads our side made.
 *
 * Knobs for tests: customers write (text, a photo, a doc, a button's payload), read, allow and
 * deny messages; the next calls fail with an API error (6, 9, 10…) or an HTTP status; a token is
 * revoked; the confirmation code rotates; the Long Poll key expires or its history is lost; a
 * clock to move; and every message our side sent, recorded as received, and every call made.
 */

/** An OAuth code lives an hour and is good once (dev.vk.com, Authorization Code Flow). */
const CODE_MS = 3_600_000;
/** The Bots Long Poll holds a request at most 90 seconds. */
const MAX_WAIT_S = 90;

export type VkApiServer = {
  /** The root of both hosts (api.vk.ru and oauth.vk.ru). */
  url: string;
  /** The VK app's id (`client_id`) and protected key (`client_secret`). */
  appId: number;
  appSecret: string;
  /** Who is signed in to VK in the browser that opens the consent page. */
  signedIn: FakeVkUser | undefined;
  /** A community with a bot and a working community token; administered by no one yet. */
  addCommunity(name: string, screenName: string): FakeVkCommunity;
  /** A person with a working user token; `user.administers(community)` makes them an admin. */
  addAdmin(firstName: string, lastName: string): FakeVkUser;
  /**
   * The consent page without HTTP: checks `authorizeUrl` as the page does and answers the URL
   * the browser would be sent to on Allow (or Cancel). Throws what the page would refuse with.
   */
  consent(authorizeUrl: string, decision?: 'allow' | 'deny'): string;
  /** Moves the server's clock on (dates, token and code expiry, the random_id window). */
  advance(ms: number): void;
  close(): Promise<void>;
};

/** Starts a local VK on an ephemeral port. */
export async function startVkApiServer(): Promise<VkApiServer> {
  const communities: FakeVkCommunity[] = [];
  const users: FakeVkUser[] = [];
  let offset = 0;
  const cdn = new Map<string, { bytes: Buffer; type: string }>();
  const uploadSlots = new Map<string, { community: FakeVkCommunity; kind: 'photo' | 'doc' }>();
  const uploadSecret = randomBytes(16);
  const codes = new Map<
    string,
    {
      user: FakeVkUser;
      communities: FakeVkCommunity[] | undefined;
      redirectUri: string;
      scopes: string[];
      until: number;
      used: boolean;
    }
  >();
  const personId = idAllocator(100_000_000, 900_000_000);
  const groupId = idAllocator(200_000_000, 240_000_000);
  const host: Host = {
    url: '',
    now: () => Date.now() + offset,
    publish(bytes, type, name) {
      const id = randomBytes(12).toString('base64url');
      cdn.set(id, { bytes, type });
      return `${host.url}/cdn/${id}${name ? `/${encodeURIComponent(name)}` : ''}`;
    },
    people: new Map(),
    personId,
    photoId: idAllocator(457_000_000, 458_000_000),
    docId: idAllocator(600_000_000, 700_000_000),
  };
  /** Files posted to the upload servers, by the id their opaque answer carries. */
  const uploads = new Map<string, Upload>();
  const sign = (value: string) =>
    createHmac('sha256', uploadSecret).update(value).digest('hex').slice(0, 32);

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof OAuthError) answer(response, error.status, error.body);
      else answer(response, 500, { error: 'server_error', error_description: 'Internal error' });
    });
  });

  const api: VkApiServer = {
    url: '',
    appId: randomInt(51_000_000, 54_000_000),
    appSecret: randomBytes(15).toString('base64url'),
    signedIn: undefined,
    addCommunity(name, screenName) {
      const community = new FakeVkCommunity(groupId(), name, screenName, host);
      communities.push(community);
      return community;
    },
    addAdmin(firstName, lastName) {
      const user = new FakeVkUser(personId(), firstName, lastName, host);
      host.people.set(user.id, { firstName, lastName });
      users.push(user);
      return user;
    },
    consent(authorizeUrl, decision = 'allow') {
      const params = new URL(authorizeUrl, host.url).searchParams;
      checkAuthorization(params);
      if (!api.signedIn) throw new Error('no one is signed in to VK (set server.signedIn)');
      return decide(params, api.signedIn, decision);
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await Promise.all(communities.map((community) => community.settled()));
      for (const community of communities) community.endPolls();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };

  // ---- OAuth ----

  /** The consent page's checks of its query; a refusal is VK's flat OAuth error. */
  function checkAuthorization(params: URLSearchParams): FakeVkCommunity[] | undefined {
    if (params.get('client_id') !== String(api.appId))
      throw new OAuthError(401, 'invalid_client', 'client_id is incorrect');
    const type = params.get('response_type') ?? 'code';
    if (type !== 'code' && type !== 'token')
      throw new OAuthError(400, 'unsupported_response_type', 'response_type is invalid');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri) || !/^https?:\/\//.test(redirectUri))
      throw new OAuthError(
        400,
        'invalid_request',
        'redirect_uri is incorrect, check application redirect uri in the settings page',
      );
    if (!params.has('group_ids')) return undefined;
    const ids = (params.get('group_ids') ?? '').split(',').filter(Boolean);
    const asked = ids.map((id) => communities.find((entry) => String(entry.groupId) === id));
    if (asked.length === 0 || asked.some((entry) => entry === undefined))
      throw new OAuthError(400, 'invalid_request', 'group_ids is invalid');
    return asked.filter((entry) => entry !== undefined);
  }

  /** Where the consent page sends the browser on Allow or Cancel. */
  function decide(params: URLSearchParams, user: FakeVkUser, decision: 'allow' | 'deny'): string {
    const asked = checkAuthorization(params);
    // Our reading: VK offers only communities the person manages; another is refused outright.
    if (asked?.some((community) => !user.communities.includes(community)))
      throw new OAuthError(403, 'access_denied', 'You are not an administrator of this community');
    const redirectUri = params.get('redirect_uri') ?? '';
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User denied your request');
      if (state !== null) back.searchParams.set('state', state);
      return back.toString();
    }
    const scopes = (params.get('scope') ?? '').split(/[,\s]+/).filter(Boolean);
    if ((params.get('response_type') ?? 'code') === 'code') {
      const code = oauthCode();
      codes.set(code, {
        user,
        communities: asked,
        redirectUri,
        scopes,
        until: host.now() + CODE_MS,
        used: false,
      });
      back.searchParams.set('code', code);
      if (state !== null) back.searchParams.set('state', state);
      return back.toString();
    }
    // Implicit flow: the token in the fragment, where only the browser sees it.
    const fragment = new URLSearchParams();
    if (asked) {
      for (const community of asked)
        fragment.set(`access_token_${community.groupId}`, community.issueToken());
      fragment.set('expires_in', '0');
    } else {
      const offline = scopes.includes('offline');
      fragment.set('access_token', user.issueToken(offline ? Infinity : USER_TOKEN_MS));
      fragment.set('expires_in', offline ? '0' : String(USER_TOKEN_MS / 1000));
      fragment.set('user_id', String(user.id));
    }
    if (state !== null) fragment.set('state', state);
    back.hash = fragment.toString();
    return back.toString();
  }

  /** `/access_token`: the code for a user token, or for the communities' tokens. */
  function exchangeCode(params: Params) {
    if (params.get('client_id') !== String(api.appId))
      throw new OAuthError(401, 'invalid_client', 'client_id is incorrect');
    if (params.get('client_secret') !== api.appSecret)
      throw new OAuthError(401, 'invalid_client', 'client_secret is incorrect');
    const grant = codes.get(params.get('code') ?? '');
    grant?.user.calls.push('oauth/access_token');
    if (!grant || grant.used || host.now() > grant.until)
      throw new OAuthError(401, 'invalid_grant', 'Code is invalid or expired.');
    if (params.get('redirect_uri') !== grant.redirectUri)
      throw new OAuthError(
        401,
        'invalid_request',
        'redirect_uri is incorrect, check application redirect uri in the settings page',
      );
    grant.used = true;
    if (grant.communities) {
      const body: Record<string, unknown> = {};
      const groups = grant.communities.map((community) => ({
        group_id: community.groupId,
        access_token: community.issueToken(),
      }));
      for (const group of groups) body[`access_token_${group.group_id}`] = group.access_token;
      return { groups, expires_in: 0, ...body };
    }
    const offline = grant.scopes.includes('offline');
    return {
      access_token: grant.user.issueToken(offline ? Infinity : USER_TOKEN_MS),
      expires_in: offline ? 0 : USER_TOKEN_MS / 1000,
      user_id: grant.user.id,
    };
  }

  // ---- HTTP ----

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = request.method ?? 'GET';
    const path = url.pathname;

    if (path === '/authorize' && method === 'GET') {
      const asked = checkAuthorization(url.searchParams);
      const user = api.signedIn;
      if (!user) answerPage(response, 200, signInPage());
      else {
        if (asked?.some((community) => !user.communities.includes(community)))
          throw new OAuthError(
            403,
            'access_denied',
            'You are not an administrator of this community',
          );
        answerPage(response, 200, consentPage(user, url.searchParams, asked));
      }
      return;
    }
    if (path === '/oauth/decide' && method === 'GET') {
      if (!api.signedIn) {
        answerPage(response, 200, signInPage());
        return;
      }
      const decision = url.searchParams.get('decision') === 'allow' ? 'allow' : 'deny';
      redirect(response, decide(url.searchParams, api.signedIn, decision));
      return;
    }
    if (path === '/access_token') {
      answer(response, 200, exchangeCode(await readParams(request, url)));
      return;
    }
    const call = /^\/method\/([A-Za-z][A-Za-z0-9_.]*)$/.exec(path);
    if (call) {
      await apiCall(request, response, call[1] ?? '', url);
      return;
    }
    const poll = /^\/lp\/(\d+)$/.exec(path);
    if (poll) {
      await longPoll(request, response, Number(poll[1]), url);
      return;
    }
    const upload = /^\/upload\/(photo|doc)\/([A-Za-z0-9_-]+)$/.exec(path);
    if (upload && method === 'POST') {
      await receiveUpload(request, response, upload[2] ?? '');
      return;
    }
    const link = /^\/cdn\/([A-Za-z0-9_-]+)(?:\/[^/]*)?$/.exec(path);
    const held = link ? cdn.get(link[1] ?? '') : undefined;
    if (held && method === 'GET') {
      response.writeHead(200, { 'content-type': held.type, 'content-length': held.bytes.length });
      response.end(held.bytes);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  }

  /** A call's parameters: the query, then a form body (urlencoded or multipart fields). */
  async function readParams(request: IncomingMessage, url: URL): Promise<Params> {
    const params: Params = new Map(url.searchParams);
    const body = await readBody(request);
    if (body.length === 0) return params;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded'))
      for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params.set(key, value);
    else if (type.startsWith('multipart/form-data'))
      for (const part of parseMultipart(body, request.headers['content-type'] ?? ''))
        if (part.filename === undefined) params.set(part.name, part.data.toString('utf8'));
    return params;
  }

  async function apiCall(
    request: IncomingMessage,
    response: ServerResponse,
    name: string,
    url: URL,
  ): Promise<void> {
    const params = await readParams(request, url);
    try {
      answer(response, 200, { response: await invoke(name, params, request, response) });
    } catch (error) {
      if (error instanceof HttpFailure) {
        answerHttpFailure(response, error.status);
        return;
      }
      const refusal = error instanceof VkApiError ? error : vkError(10);
      answer(response, 200, {
        error: {
          error_code: refusal.code,
          error_msg: refusal.message,
          request_params: requestParams(name, params),
        },
      });
    }
  }

  /** The token's holder, as VK checks it: none, unknown, revoked and expired are error 5. */
  function authenticate(token: string, method: string): FakeVkUser | FakeVkCommunity {
    if (token === '') throw vkError(5, 'no access_token passed.');
    for (const holder of [...communities, ...users]) {
      const expires = holder.tokens.get(token);
      if (expires !== undefined) {
        if (host.now() >= expires) {
          holder.calls.push(`${method} refused: token expired`);
          throw vkError(5, 'access_token has expired.');
        }
        return holder;
      }
      if (holder.revokedTokens.has(token)) {
        holder.calls.push(`${method} refused: token revoked`);
        throw vkError(5);
      }
    }
    throw vkError(5);
  }

  function invoke(
    name: string,
    params: Params,
    request: IncomingMessage,
    response: ServerResponse,
  ): unknown {
    const version = params.get('v') ?? '';
    if (version === '') throw vkError(8, 'v (version) is required');
    if (!/^\d+\.\d+$/.test(version)) throw vkError(8, 'v (version) is invalid');
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    const holder = authenticate(bearer ?? params.get('access_token') ?? '', name);
    holder.calls.push(name);
    const failure = holder.takeFailure(name, true);
    if (failure?.kind === 'http') throw new HttpFailure(failure.status);
    if (failure?.kind === 'api') throw vkError(failure.code);
    return callMethod(name, params, holder, version, response);
  }

  /** The community the call manages by `group_id`: the token's own, or one its person admins. */
  function managed(params: Params, holder: FakeVkUser | FakeVkCommunity): FakeVkCommunity {
    const id = intParam(params, 'group_id');
    if (id === undefined) throw vkError(100, 'group_id is undefined');
    const community = communities.find((entry) => entry.groupId === id);
    if (holder instanceof FakeVkCommunity) {
      if (community !== holder) throw vkError(15, 'no access to this group');
      return holder;
    }
    if (!community || !holder.communities.includes(community))
      throw vkError(15, 'you are not an administrator of this group');
    return community;
  }

  /** Methods of a community token only: a user token (scope `groups`) may not call them. */
  function ownCommunity(holder: FakeVkUser | FakeVkCommunity): FakeVkCommunity {
    if (!(holder instanceof FakeVkCommunity)) throw vkError(15, 'no access to call this method');
    return holder;
  }

  /** groups.getById without ids: a community token's own group; a person has none. */
  function ownGroup(holder: FakeVkUser | FakeVkCommunity): FakeVkCommunity {
    if (!(holder instanceof FakeVkCommunity)) throw vkError(100, 'group_ids is undefined');
    return holder;
  }

  function callbackServerOf(community: FakeVkCommunity, params: Params): VkCallbackServer {
    const id = requiredInt(params, 'server_id');
    const found = community.callbackServers.find((entry) => entry.id === id);
    if (!found) throw vkError(100, 'server_id is invalid');
    return found;
  }

  function callMethod(
    name: string,
    params: Params,
    holder: FakeVkUser | FakeVkCommunity,
    version: string,
    response: ServerResponse,
  ): unknown {
    switch (name) {
      case 'groups.get': {
        if (holder instanceof FakeVkCommunity) throw vkError(27);
        const filter = listParam(params, 'filter');
        // Every community here is one its admins manage fully: the admin filters list them all.
        const listed =
          filter.length === 0 ||
          filter.some((f) => ['admin', 'editor', 'moder', 'groups'].includes(f))
            ? holder.communities
            : [];
        return {
          count: listed.length,
          items:
            flagParam(params, 'extended') === 1
              ? listed.map((community) => groupObject(community, true))
              : listed.map((community) => community.groupId),
        };
      }
      case 'groups.getById': {
        // 5.199 answers `{groups, profiles}` (VK's schema: groups_getById_object_response), not
        // the bare array of older versions.
        const ids = [...listParam(params, 'group_ids'), ...listParam(params, 'group_id')];
        const found =
          ids.length === 0
            ? [ownGroup(holder)]
            : ids.map((id) => {
                const community = communities.find(
                  (entry) => String(entry.groupId) === id || entry.screenName === id,
                );
                if (!community) throw vkError(100, 'group_ids is undefined');
                return community;
              });
        return {
          groups: found.map((community) =>
            groupObject(
              community,
              holder instanceof FakeVkUser && holder.communities.includes(community),
            ),
          ),
          profiles: [],
        };
      }
      case 'users.get': {
        const ids = [...listParam(params, 'user_ids'), ...listParam(params, 'user_id')];
        const fields = listParam(params, 'fields');
        const asked = ids.length === 0 && holder instanceof FakeVkUser ? [String(holder.id)] : ids;
        return asked.map((raw) => {
          const match = /^(?:id)?(\d+)$/.exec(raw);
          if (!match) throw vkError(113);
          const id = Number(match[1]);
          return userObject(id, host.people.get(id), fields, () =>
            host.publish(PICTURE, 'image/png'),
          );
        });
      }
      case 'groups.getCallbackConfirmationCode':
        return { code: managed(params, holder).confirmationCode };
      case 'groups.addCallbackServer': {
        const community = managed(params, holder);
        const fields = callbackServerFields(params, undefined);
        const added = community.addCallbackServer(
          fields,
          holder instanceof FakeVkUser ? holder.id : 0,
          version,
        );
        // The confirmation request follows VK's answer, never precedes it.
        response.once('finish', () => {
          community.confirm(added);
        });
        return { server_id: added.id };
      }
      case 'groups.editCallbackServer': {
        const community = managed(params, holder);
        const target = callbackServerOf(community, params);
        Object.assign(target, callbackServerFields(params, target));
        response.once('finish', () => {
          community.confirm(target);
        });
        return 1;
      }
      case 'groups.deleteCallbackServer': {
        const community = managed(params, holder);
        const target = callbackServerOf(community, params);
        community.callbackServers.splice(community.callbackServers.indexOf(target), 1);
        return 1;
      }
      case 'groups.getCallbackServers': {
        const community = managed(params, holder);
        const only = listParam(params, 'server_ids').map(Number);
        const items = community.callbackServers
          .filter((entry) => only.length === 0 || only.includes(entry.id))
          .map((entry) => ({
            id: entry.id,
            title: entry.title,
            creator_id: entry.creatorId,
            url: entry.url,
            secret_key: entry.secretKey,
            status: entry.status,
          }));
        return { count: items.length, items };
      }
      case 'groups.setCallbackSettings': {
        const target = callbackServerOf(managed(params, holder), params);
        const apiVersion = apiVersionParam(params);
        setEvents(target.events, params);
        if (apiVersion !== undefined) target.apiVersion = apiVersion;
        return 1;
      }
      case 'groups.getCallbackSettings': {
        const target = callbackServerOf(managed(params, holder), params);
        return { api_version: target.apiVersion, events: eventFlags(target.events) };
      }
      case 'groups.setLongPollSettings': {
        const poll = managed(params, holder).longPoll;
        const enabled = flagParam(params, 'enabled');
        const apiVersion = apiVersionParam(params);
        setEvents(poll.events, params);
        if (enabled !== undefined) poll.enabled = enabled === 1;
        if (apiVersion !== undefined) poll.apiVersion = apiVersion;
        return 1;
      }
      case 'groups.getLongPollSettings': {
        const poll = managed(params, holder).longPoll;
        return {
          is_enabled: poll.enabled,
          api_version: poll.apiVersion,
          events: eventFlags(poll.events),
        };
      }
      case 'groups.getLongPollServer': {
        const community = managed(params, holder);
        return {
          key: community.longPoll.key,
          server: `${host.url}/lp/${community.groupId}`,
          ts: String(community.longPoll.nextTs),
        };
      }
      case 'messages.send':
        return sendMessage(ownCommunity(holder), params, response);
      case 'photos.getMessagesUploadServer': {
        const community = ownCommunity(holder);
        intParam(params, 'peer_id');
        return {
          album_id: -64,
          upload_url: uploadUrl(community, 'photo'),
          user_id: 0,
          group_id: community.groupId,
        };
      }
      case 'docs.getMessagesUploadServer': {
        const community = ownCommunity(holder);
        if (intParam(params, 'peer_id') === undefined) throw vkError(100, 'peer_id is undefined');
        const type = params.get('type') ?? 'doc';
        // Only plain documents are served here; audio messages and graffiti are not modelled.
        if (type !== 'doc') throw vkError(100, 'type is invalid');
        return { upload_url: uploadUrl(community, 'doc') };
      }
      case 'photos.saveMessagesPhoto': {
        const community = ownCommunity(holder);
        const photo = params.get('photo') ?? '';
        const id = uploadIdOfPhoto(photo);
        const upload = uploads.get(id);
        if (id === '' || !upload) throw vkError(100, 'photos_list is invalid');
        if (
          upload.community !== community ||
          upload.kind !== 'photo' ||
          params.get('hash') !== sign(photo) ||
          intParam(params, 'server') !== upload.server
        )
          throw vkError(100, 'hash is invalid');
        const { object } = community.save(upload);
        // An array, as VK answers one photo object per photo of the upload.
        return object.type === 'photo' ? [object.photo] : [];
      }
      case 'docs.save': {
        const community = ownCommunity(holder);
        const file = params.get('file') ?? '';
        const [server, id, signature] = file.split('|');
        const upload = uploads.get(id ?? '');
        if (
          !upload ||
          upload.community !== community ||
          upload.kind !== 'doc' ||
          signature !== sign(`${server ?? ''}|${id ?? ''}`)
        )
          throw vkError(100, 'file is invalid');
        const title = params.get('title');
        const saved = community.save(
          upload,
          title !== undefined && title !== '' ? title : undefined,
        );
        // The saved attachment is docs.save's answer as it is: `{type: 'doc', doc}`.
        return saved.object;
      }
      default:
        throw vkError(3);
    }
  }

  function uploadUrl(community: FakeVkCommunity, kind: 'photo' | 'doc'): string {
    const key = randomBytes(18).toString('base64url');
    uploadSlots.set(key, { community, kind });
    return `${host.url}/upload/${kind}/${key}`;
  }

  /** messages.send: one `peer_id` (or `user_id`) answers the id; `peer_ids` answers a list. */
  function sendMessage(community: FakeVkCommunity, params: Params, response: ServerResponse) {
    const attachments = community.attachments(listParam(params, 'attachment'));
    const {
      randomId,
      text,
      labels,
      keyboard,
      params: recorded,
    } = sendParams(params, attachments.length);
    const message = {
      randomId,
      text,
      attachments,
      ...(labels !== undefined ? { keyboard: labels } : {}),
      params: recorded,
    };
    const sendTo = (peerId: number) => {
      const { sent, fresh } = community.accept(peerId, message);
      // The echo follows VK's answer, never precedes it; a deduplicated repeat has none.
      if (fresh)
        response.once('finish', () => {
          community.echo(sent, keyboard);
        });
      return sent;
    };

    const peerIds = listParam(params, 'peer_ids');
    if (peerIds.length > 0)
      return peerIds.map((raw) => {
        const peerId = Number(raw);
        try {
          if (!Number.isInteger(peerId)) throw vkError(100, 'peer_ids is invalid');
          const sent = sendTo(peerId);
          return {
            peer_id: peerId,
            message_id: sent.id,
            conversation_message_id: sent.conversationMessageId,
          };
        } catch (error) {
          if (!(error instanceof VkApiError)) throw error;
          return { peer_id: peerId, error: { code: error.code, description: error.message } };
        }
      });
    const peerId = intParam(params, 'peer_id') ?? intParam(params, 'user_id');
    if (peerId === undefined) throw vkError(100, 'peer_id is undefined');
    // With one peer_id, v5.199 answers the message id as a bare integer.
    return sendTo(peerId).id;
  }

  /** A POST to an upload server: multipart with `photo` (photos) or `file` (docs). */
  async function receiveUpload(
    request: IncomingMessage,
    response: ServerResponse,
    key: string,
  ): Promise<void> {
    const body = await readBody(request);
    const slot = uploadSlots.get(key);
    if (!slot) {
      answer(response, 200, { error: 'invalid upload url' });
      return;
    }
    const { community, kind } = slot;
    community.calls.push(`upload ${kind}`);
    const failure = community.takeFailure(`upload ${kind}`, false);
    if (failure?.kind === 'http') {
      answerHttpFailure(response, failure.status);
      return;
    }
    const field = kind === 'photo' ? 'photo' : 'file';
    const parts = parseMultipart(body, request.headers['content-type'] ?? '');
    const part = parts.find((entry) => entry.name === field && entry.filename !== undefined);
    const server = randomInt(800_000, 900_000);
    if (!part || part.data.length === 0) {
      // VK's photo upload answers an empty list for a request without the file; docs an error.
      if (kind === 'photo') answer(response, 200, { server, photo: '[]', hash: sign('[]') });
      else answer(response, 200, { error: 'no file' });
      return;
    }
    const id = randomBytes(12).toString('hex');
    uploads.set(id, {
      community,
      kind,
      server,
      bytes: part.data,
      name: part.filename ?? field,
      type: part.type,
    });
    if (kind === 'photo') {
      // Opaque to the client: it passes `photo`, `server` and `hash` back to saveMessagesPhoto.
      const photo = JSON.stringify([
        { markers_restarted: true, photo: id, sizes: [], latitude: 0, longitude: 0 },
      ]);
      answer(response, 200, { server, photo, hash: sign(photo) });
    } else answer(response, 200, { file: `${server}|${id}|${sign(`${server}|${id}`)}` });
  }

  /** `GET|POST /lp/<group_id>?act=a_check&key&ts&wait`: the Bots Long Poll server. */
  async function longPoll(
    request: IncomingMessage,
    response: ServerResponse,
    group: number,
    url: URL,
  ): Promise<void> {
    const params = await readParams(request, url);
    const community = communities.find((entry) => entry.groupId === group);
    if (!community) {
      answer(response, 200, { failed: 2 });
      return;
    }
    community.calls.push('a_check');
    const failure = community.takeFailure('a_check', false);
    if (failure?.kind === 'http') {
      answerHttpFailure(response, failure.status);
      return;
    }
    if (params.get('act') !== 'a_check') {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('act must be a_check');
      return;
    }
    const wait = Math.min(MAX_WAIT_S, Math.max(0, Number(params.get('wait') ?? 25) || 0));
    const abort = new AbortController();
    response.once('close', () => {
      abort.abort();
    });
    const body = await community.poll(
      params.get('key') ?? '',
      params.get('ts') ?? '',
      wait,
      abort.signal,
    );
    if (!response.destroyed && !response.writableEnded) answer(response, 200, body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = host.url;
  return api;
}
