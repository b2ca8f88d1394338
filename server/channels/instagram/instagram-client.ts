import * as v from 'valibot';
import {
  GraphApiError,
  graphCall,
  graphGetWithoutHeader,
  type GraphAccess,
} from '../meta/graph-client';

/**
 * Meta's Instagram API with Instagram Login (developers.facebook.com/docs/instagram-platform):
 * three hosts, each a configurable root — the sign-in page (www.instagram.com), the code exchange
 * (api.instagram.com) and the Graph API (graph.instagram.com), whose token calls are unversioned
 * and take the token in the query, as documented, while every other call is versioned and takes
 * it in the Authorization header (graph-client.ts), so no logged address carries it.
 */
export type InstagramRoots = { authorize: string; login: string; graph: string };

/** The permissions a messaging channel needs: the account's basics and its messages. */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_manage_messages'];

/** The code exchange's refusal (`{error_type, code, error_message}`), unlike the Graph's shape. */
const LoginErrorSchema = v.looseObject({
  error_type: v.optional(v.string()),
  code: v.optional(v.number()),
  error_message: v.optional(v.string()),
});
/** The short-lived token: newer answers wrap it in `data`, older ones do not. */
const ShortTokenSchema = v.looseObject({ access_token: v.string() });
const WrappedShortTokenSchema = v.looseObject({
  data: v.pipe(v.array(ShortTokenSchema), v.minLength(1)),
});
const LongTokenSchema = v.looseObject({
  access_token: v.string(),
  expires_in: v.optional(v.number()),
});
const AccountSchema = v.looseObject({
  id: v.string(),
  user_id: v.union([v.string(), v.number()]),
  username: v.string(),
  name: v.optional(v.string()),
});
const ProfileSchema = v.looseObject({
  name: v.optional(v.string()),
  username: v.optional(v.string()),
});
const SentSchema = v.looseObject({ message_id: v.string() });

/** A long-lived token and how long it lives, in seconds from the answer. */
export type LongToken = { token: string; expiresInSeconds: number };

/** The Instagram professional account a token speaks for. */
export type InstagramAccount = { accountId: string; username: string; name: string | null };

export class InstagramClient {
  constructor(private readonly roots: InstagramRoots) {}

  /** The sign-in page the administrator is sent to. */
  authorizeUrl(appId: string, state: string, redirectUri: string): string {
    const url = new URL(`${this.roots.authorize}/oauth/authorize`);
    url.searchParams.set('client_id', appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', INSTAGRAM_SCOPES.join(','));
    url.searchParams.set('state', state);
    // Sign in as the Instagram account, not through a Facebook session that may name another.
    url.searchParams.set('enable_fb_login', '0');
    url.searchParams.set('force_authentication', '1');
    return url.toString();
  }

  /** The code for a short-lived token (an hour), then that for a long-lived one (60 days). */
  async exchangeCode(
    app: { id: string; secret: string },
    code: string,
    redirectUri: string,
    signal: AbortSignal,
  ): Promise<LongToken> {
    const form = new URLSearchParams({
      client_id: app.id,
      client_secret: app.secret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      // Meta appends `#_` to the redirect; a code copied with it would not be its own.
      code: code.replace(/#_$/, ''),
    });
    let response: Response;
    try {
      response = await fetch(`${this.roots.login}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new GraphApiError(0, undefined, 'Instagram did not answer');
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refused = v.safeParse(LoginErrorSchema, json);
      throw new GraphApiError(
        response.status,
        refused.success ? refused.output.code : undefined,
        (refused.success ? refused.output.error_message : undefined) ?? 'the code was refused',
      );
    }
    const wrapped = v.safeParse(WrappedShortTokenSchema, json);
    const bare = v.safeParse(ShortTokenSchema, json);
    const shortToken = wrapped.success
      ? wrapped.output.data[0]?.access_token
      : bare.success
        ? bare.output.access_token
        : undefined;
    if (shortToken === undefined) throw new GraphApiError(502, undefined, 'no token in the answer');
    const url = new URL(`${this.roots.graph}/access_token`);
    url.searchParams.set('grant_type', 'ig_exchange_token');
    url.searchParams.set('client_secret', app.secret);
    url.searchParams.set('access_token', shortToken);
    return this.longToken(await graphGetWithoutHeader(url, signal));
  }

  /** A long-lived token for another 60 days; Meta takes only one at least a day old. */
  async refresh(token: string, signal: AbortSignal): Promise<LongToken> {
    const url = new URL(`${this.roots.graph}/refresh_access_token`);
    url.searchParams.set('grant_type', 'ig_refresh_token');
    url.searchParams.set('access_token', token);
    return this.longToken(await graphGetWithoutHeader(url, signal));
  }

  private longToken(json: unknown): LongToken {
    const parsed = v.safeParse(LongTokenSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'no token in the answer');
    // Meta says 60 days; an answer without expires_in is taken at its word of 60.
    return {
      token: parsed.output.access_token,
      expiresInSeconds: parsed.output.expires_in ?? 60 * 86_400,
    };
  }

  private access(token: string): GraphAccess {
    return { apiRoot: this.roots.graph, token };
  }

  /** The professional account the token speaks for: its id in webhooks, its username. */
  async account(token: string, signal: AbortSignal): Promise<InstagramAccount> {
    const json = await graphCall(
      this.access(token),
      'me',
      { query: { fields: 'user_id,username,name' } },
      signal,
    );
    const parsed = v.safeParse(AccountSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'the account was not described');
    return {
      accountId: String(parsed.output.user_id),
      username: parsed.output.username,
      name: parsed.output.name ?? null,
    };
  }

  /** Subscribes the app to the account's messages and reads (the app-level callback gets them). */
  async subscribe(token: string, signal: AbortSignal): Promise<void> {
    await graphCall(
      this.access(token),
      'me/subscribed_apps',
      {
        method: 'POST',
        query: { subscribed_fields: 'messages,messaging_seen,messaging_postbacks' },
      },
      signal,
    );
  }

  /** A customer's name (or username) as Instagram shows it; null when it cannot be read. */
  async profileName(token: string, igsid: string, signal: AbortSignal): Promise<string | null> {
    if (!/^\d{1,30}$/.test(igsid)) return null;
    try {
      const json = await graphCall(
        this.access(token),
        igsid,
        { query: { fields: 'name,username' } },
        signal,
      );
      const parsed = v.safeParse(ProfileSchema, json);
      if (!parsed.success) return null;
      return parsed.output.name || parsed.output.username || null;
    } catch (error) {
      if (signal.aborted) throw error;
      return null;
    }
  }

  /** Sends one message; Meta's id for it. */
  async send(token: string, body: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    const json = await graphCall(this.access(token), 'me/messages', { json: body }, signal);
    const parsed = v.safeParse(SentSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'no message id in the answer');
    return parsed.output.message_id;
  }
}
