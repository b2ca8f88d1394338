import * as v from 'valibot';
import {
  GRAPH_VERSION,
  GraphApiError,
  graphCall,
  graphGetWithoutHeader,
  type GraphAccess,
} from '../meta/graph-client';
import type { AttachmentKind } from '../meta/messenger-parts';

/**
 * Facebook Messenger through Meta's Messenger Platform (developers.facebook.com/docs/messenger-
 * platform): Facebook Login at the dialog host (www.facebook.com) and the Graph API
 * (graph.facebook.com), both configurable roots. A Page speaks by its Page access token, got
 * from a person's long-lived user token (`me/accounts`), which then does not expire.
 */
export type MessengerRoots = { dialog: string; graph: string };

/** What a Page's messaging channel needs of the person who connects it. */
export const MESSENGER_SCOPES = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata'];
/** The webhook fields the Page is subscribed to for our app. */
const FIELDS = 'messages,message_deliveries,message_reads,messaging_postbacks';

const TokenSchema = v.looseObject({ access_token: v.string() });
const PagesSchema = v.looseObject({
  data: v.array(
    v.looseObject({
      id: v.string(),
      name: v.string(),
      access_token: v.optional(v.string()),
      tasks: v.optional(v.array(v.string())),
    }),
  ),
});
const PageSchema = v.looseObject({ id: v.string(), name: v.string() });
const ProfileSchema = v.looseObject({
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  name: v.optional(v.string()),
});
const SentSchema = v.looseObject({ message_id: v.string() });
const UploadSchema = v.looseObject({ attachment_id: v.string() });

/** A Page the person may connect, with its token (never shown, never kept unless picked). */
export type ManagedPage = { id: string; name: string; token: string | null; canMessage: boolean };

export class MessengerClient {
  constructor(private readonly roots: MessengerRoots) {}

  private access(token: string): GraphAccess {
    return { apiRoot: this.roots.graph, token };
  }

  /** The Facebook Login dialog the administrator is sent to. */
  authorizeUrl(appId: string, state: string, redirectUri: string): string {
    const url = new URL(`${this.roots.dialog}/${GRAPH_VERSION}/dialog/oauth`);
    url.searchParams.set('client_id', appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', MESSENGER_SCOPES.join(','));
    return url.toString();
  }

  /**
   * The code for a user token (short-lived), then that for a long-lived one: Page tokens got with
   * a long-lived user token do not expire, so the channel needs no refresh schedule.
   */
  async userToken(
    app: { id: string; secret: string },
    code: string,
    redirectUri: string,
    signal: AbortSignal,
  ): Promise<string> {
    const exchange = new URL(`${this.roots.graph}/${GRAPH_VERSION}/oauth/access_token`);
    exchange.searchParams.set('client_id', app.id);
    exchange.searchParams.set('client_secret', app.secret);
    exchange.searchParams.set('redirect_uri', redirectUri);
    // Facebook appends `#_=_` to the redirect; a code copied with it would not be its own.
    exchange.searchParams.set('code', code.replace(/#_=_$/, ''));
    const short = v.safeParse(TokenSchema, await graphGetWithoutHeader(exchange, signal));
    if (!short.success) throw new GraphApiError(502, undefined, 'no token in the answer');
    const longer = new URL(`${this.roots.graph}/${GRAPH_VERSION}/oauth/access_token`);
    longer.searchParams.set('grant_type', 'fb_exchange_token');
    longer.searchParams.set('client_id', app.id);
    longer.searchParams.set('client_secret', app.secret);
    longer.searchParams.set('fb_exchange_token', short.output.access_token);
    const long = v.safeParse(TokenSchema, await graphGetWithoutHeader(longer, signal));
    if (!long.success) throw new GraphApiError(502, undefined, 'no token in the answer');
    return long.output.access_token;
  }

  /** The Pages the person manages, and whether they may answer its messages (task MESSAGING). */
  async pages(userToken: string, signal: AbortSignal): Promise<ManagedPage[]> {
    const json = await graphCall(
      this.access(userToken),
      'me/accounts',
      { query: { fields: 'id,name,access_token,tasks', limit: '100' } },
      signal,
    );
    const parsed = v.safeParse(PagesSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'the Pages were not listed');
    return parsed.output.data.map((page) => ({
      id: page.id,
      name: page.name,
      token: page.access_token ?? null,
      canMessage: page.tasks === undefined || page.tasks.includes('MESSAGING'),
    }));
  }

  /** The Page a Page token speaks for. */
  async page(pageToken: string, signal: AbortSignal): Promise<{ id: string; name: string }> {
    const json = await graphCall(
      this.access(pageToken),
      'me',
      { query: { fields: 'id,name' } },
      signal,
    );
    const parsed = v.safeParse(PageSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'the Page was not described');
    return parsed.output;
  }

  /** Subscribes our app to the Page's messages, deliveries, reads and postbacks. */
  async subscribe(pageId: string, pageToken: string, signal: AbortSignal): Promise<void> {
    await graphCall(
      this.access(pageToken),
      `${pageId}/subscribed_apps`,
      { method: 'POST', query: { subscribed_fields: FIELDS } },
      signal,
    );
  }

  /** A customer's name as the Page may see it; null when it cannot be read. */
  async profileName(pageToken: string, psid: string, signal: AbortSignal): Promise<string | null> {
    if (!/^\d{1,30}$/.test(psid)) return null;
    try {
      const json = await graphCall(
        this.access(pageToken),
        psid,
        { query: { fields: 'first_name,last_name' } },
        signal,
      );
      const parsed = v.safeParse(ProfileSchema, json);
      if (!parsed.success) return null;
      const { first_name: first = '', last_name: last = '', name } = parsed.output;
      return `${first} ${last}`.trim() || name || null;
    } catch (error) {
      if (signal.aborted) throw error;
      return null;
    }
  }

  /** A reply's file uploaded to Meta (the Attachment Upload API): its attachment id. */
  async upload(
    pageToken: string,
    kind: AttachmentKind,
    file: { name: string; type: string; bytes: Buffer },
    signal: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    form.set(
      'message',
      JSON.stringify({ attachment: { type: kind, payload: { is_reusable: false } } }),
    );
    form.set('filedata', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const json = await graphCall(
      this.access(pageToken),
      'me/message_attachments',
      { form },
      signal,
    );
    const parsed = v.safeParse(UploadSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'no attachment id in the answer');
    return parsed.output.attachment_id;
  }

  /** Sends one message as the Page; Meta's id for it. */
  async send(
    pageToken: string,
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<string> {
    const json = await graphCall(this.access(pageToken), 'me/messages', { json: body }, signal);
    const parsed = v.safeParse(SentSchema, json);
    if (!parsed.success) throw new GraphApiError(502, undefined, 'no message id in the answer');
    return parsed.output.message_id;
  }
}
