import type { AdapterChannel, ChannelAdapter, RenewResult, SendResult } from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { GraphApiError, graphSendRefusal } from '../meta/graph-client';
import { messengerMessage } from '../meta/messenger-inbound';
import { metaAppWebhook, metaVerifyToken } from '../meta/app-webhook';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { publicAddressOf } from '../shared/public-address';
import { fileLinkValid, signedFileUrl } from '../shared/file-link';
import { InstagramClient, type LongToken } from './instagram-client';
import { messengerParts, partMessage } from '../meta/messenger-parts';

/** Renew a token this close to its expiry; Meta refreshes only tokens at least a day old. */
export const RENEW_BEFORE_MS = 10 * 86_400_000;
export const RENEW_MIN_AGE_MS = 86_400_000;

/** The verify token of the app's callback (`metaVerifyToken`), for main.ts and the tests. */
export const instagramVerifyToken = (appSecret: string): string =>
  metaVerifyToken(appSecret, 'instagram');

const tokenOf = (channel: AdapterChannel): string => channel.secrets.token ?? '';
/** A stored ISO time in milliseconds, NaN when there is none. */
const timeOf = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/** The token's facts kept in the channel's public settings: the refresh schedule reads them. */
const tokenFacts = (long: LongToken, now: Date) => ({
  tokenExpiresAt: new Date(now.getTime() + long.expiresInSeconds * 1000).toISOString(),
  tokenIssuedAt: now.toISOString(),
});

/**
 * Instagram through the Instagram API with Instagram Login (issue 23, docs/channels.md
 * "Instagram"): connected by the administrator's sign-in at Instagram (`authorization`), whose
 * 60-day token is refreshed on a schedule (`renewal`); the app's one callback receives every
 * account's webhooks, signed with the app secret (`appWebhook`); replies as text of up to 1000
 * characters, buttons as quick replies, files by a signed link Meta fetches (`fileLink`).
 */
export function instagramAdapter(env: AdapterEnvironment): ChannelAdapter {
  const roots = {
    authorize: parseHttpUrl(
      'INSTAGRAM_AUTHORIZE_ROOT',
      env.INSTAGRAM_AUTHORIZE_ROOT || 'https://www.instagram.com',
    ),
    login: parseHttpUrl(
      'INSTAGRAM_LOGIN_ROOT',
      env.INSTAGRAM_LOGIN_ROOT || 'https://api.instagram.com',
    ),
    graph: parseHttpUrl(
      'INSTAGRAM_API_ROOT',
      env.INSTAGRAM_API_ROOT || 'https://graph.instagram.com',
    ),
  };
  const app = { id: env.INSTAGRAM_APP_ID ?? '', secret: env.INSTAGRAM_APP_SECRET ?? '' };
  const publicUrl = env.PUBLIC_URL ? parseHttpUrl('PUBLIC_URL', env.PUBLIC_URL) : null;
  const client = new InstagramClient(roots);
  const replies = new RepliesInParts();

  return {
    type: 'instagram',

    authorization: {
      configured: app.id !== '' && app.secret !== '',
      authorizeUrl: ({ state, redirectUri }) => client.authorizeUrl(app.id, state, redirectUri),
      async exchange({ code, redirectUri, now }, signal) {
        const long = await client.exchangeCode(app, code, redirectUri, signal);
        const account = await client.account(long.token, signal);
        return {
          secrets: { token: long.token },
          settings: {
            accountId: account.accountId,
            username: account.username,
            accountName: account.name,
            ...tokenFacts(long, now),
          },
        };
      },
    },

    async check(credentials, signal) {
      const token = credentials.secrets.token;
      if (!token) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      try {
        const account = await client.account(token, signal);
        return {
          ok: true,
          identity: account.accountId,
          settings: {
            accountId: account.accountId,
            username: account.username,
            accountName: account.name,
          },
        };
      } catch (error) {
        if (!(error instanceof GraphApiError) || error.status === 0) throw error;
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      }
    },

    renewal: {
      due(channel, now) {
        const expires = timeOf(channel.settings.tokenExpiresAt);
        const issued = timeOf(channel.settings.tokenIssuedAt);
        if (Number.isNaN(expires) || tokenOf(channel) === '') return false;
        const old = Number.isNaN(issued) || now.getTime() - issued >= RENEW_MIN_AGE_MS;
        return old && expires - now.getTime() <= RENEW_BEFORE_MS;
      },
      async renew(channel, now, signal): Promise<RenewResult> {
        try {
          const long = await client.refresh(tokenOf(channel), signal);
          return {
            kind: 'renewed',
            secrets: { token: long.token },
            settings: tokenFacts(long, now),
          };
        } catch (error) {
          if (error instanceof GraphApiError && error.tokenLapsed)
            return { kind: 'reauthorize', reason: error.description };
          return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
        }
      },
    },

    async start(context) {
      const address = publicAddressOf(context, 'Instagram');
      if (address.idle) return address.idle;
      await client.subscribe(tokenOf(context.channel), context.signal);
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    appWebhook: metaAppWebhook(app.secret, 'instagram'),

    fileLink: {
      valid: (channel, fileId, query) =>
        fileLinkValid(app.secret, channel.id, fileId, query, Date.now()),
    },

    toMessage: (channel, event, signal) =>
      messengerMessage(
        event.payload,
        'instagram',
        (sender) => client.profileName(tokenOf(channel), sender, signal),
        signal,
      ),

    send(channel, message, signal): Promise<SendResult> {
      if (publicUrl === null && message.files.length > 0)
        return Promise.resolve({
          kind: 'failed',
          reason: 'Instagram fetches files only from a public address: set PUBLIC_URL',
        });
      const fileUrl = (file: { id: string }) =>
        signedFileUrl(publicUrl ?? '', app.secret, channel.id, file.id, Date.now());
      return replies.send(
        message.messageId,
        messengerParts(message.text, message.files, message.buttons ?? []),
        (part) =>
          client.send(
            tokenOf(channel),
            {
              recipient: { id: message.recipient },
              message: partMessage(part, (file) => ({ url: fileUrl(file) })),
            },
            signal,
          ),
        graphSendRefusal,
      );
    },
  };
}
