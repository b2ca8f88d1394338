import type { AdapterChannel, ChannelAdapter, SendResult } from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { metaAppWebhook, metaVerifyToken } from '../meta/app-webhook';
import { GraphApiError, graphSendRefusal } from '../meta/graph-client';
import { messengerMessage } from '../meta/messenger-inbound';
import { MESSENGER_TEXT_MAX, messengerParts, partMessage } from '../meta/messenger-parts';
import { publicAddressOf } from '../shared/public-address';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { MessengerClient } from './messenger-client';

/** The verify token of the app's callback, for main.ts and the tests. */
export const facebookVerifyToken = (appSecret: string): string =>
  metaVerifyToken(appSecret, 'facebook');

const tokenOf = (channel: AdapterChannel): string => channel.secrets.token ?? '';
const pageIdOf = (channel: AdapterChannel): string => {
  const id = channel.settings.pageId;
  return typeof id === 'string' ? id : '';
};

/** The Page's facts a channel keeps: the wizard and the channel pages name it by these. */
const pageSettings = (page: { id: string; name: string }) => ({
  pageId: page.id,
  pageName: page.name,
  // A Page has no handle to show: the wizard and the pages name it by its name.
  accountName: page.name,
});

/**
 * Facebook Messenger for a Page (issue 23, docs/channels.md "Facebook"): connected in two
 * sign-ins with Facebook Login — the first lists the Pages the person may answer for, the second,
 * for the one picked, gives its Page token (which does not expire); the app's one callback takes
 * every Page's signed webhooks (`appWebhook`, shared with Instagram's shape); replies as text of
 * up to 2000 characters with the answers offered as quick replies, files uploaded to Meta first
 * (no public address needed to send); deliveries by mid and reads as a watermark by time.
 */
export function facebookAdapter(env: AdapterEnvironment): ChannelAdapter {
  const client = new MessengerClient({
    dialog: parseHttpUrl(
      'FACEBOOK_DIALOG_ROOT',
      env.FACEBOOK_DIALOG_ROOT || 'https://www.facebook.com',
    ),
    graph: parseHttpUrl('FACEBOOK_API_ROOT', env.FACEBOOK_API_ROOT || 'https://graph.facebook.com'),
  });
  const app = { id: env.FACEBOOK_APP_ID ?? '', secret: env.FACEBOOK_APP_SECRET ?? '' };
  const replies = new RepliesInParts();

  return {
    type: 'facebook',

    authorization: {
      configured: app.id !== '' && app.secret !== '',
      authorizeUrl: ({ state, redirectUri }) => client.authorizeUrl(app.id, state, redirectUri),
      async exchange({ code, redirectUri, choice }, signal) {
        const userToken = await client.userToken(app, code, redirectUri, signal);
        const pages = (await client.pages(userToken, signal)).filter((page) => page.canMessage);
        if (choice === undefined)
          return {
            choices: pages.map((page) => ({ id: page.id, name: page.name, username: null })),
          };
        const picked = pages.find((page) => page.id === choice);
        if (!picked?.token) throw new Error('Facebook gave no token for the Page picked');
        const page = await client.page(picked.token, signal);
        return { secrets: { token: picked.token }, settings: pageSettings(page) };
      },
    },

    async check(credentials, signal) {
      const token = credentials.secrets.token;
      if (!token) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      try {
        const page = await client.page(token, signal);
        return { ok: true, identity: page.id, settings: pageSettings(page) };
      } catch (error) {
        if (!(error instanceof GraphApiError) || error.status === 0) throw error;
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      }
    },

    async start(context) {
      const address = publicAddressOf(context, 'Facebook');
      if (address.idle) return address.idle;
      await client.subscribe(pageIdOf(context.channel), tokenOf(context.channel), context.signal);
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    appWebhook: metaAppWebhook(app.secret, 'facebook'),

    toMessage: (channel, event, signal) =>
      messengerMessage(
        event.payload,
        'facebook',
        (sender) => client.profileName(tokenOf(channel), sender, signal),
        signal,
      ),

    send(channel, message, signal): Promise<SendResult> {
      const token = tokenOf(channel);
      const parts = messengerParts(
        message.text,
        message.files,
        message.buttons ?? [],
        MESSENGER_TEXT_MAX,
      );
      return replies.send(
        message.messageId,
        parts,
        async (part) => {
          // Uploaded first: Meta then needs no link to us, so sending works without PUBLIC_URL.
          const uploaded =
            part.kind === 'attachment'
              ? await client.upload(token, part.attachment, part.file, signal)
              : '';
          return client.send(
            token,
            {
              recipient: { id: message.recipient },
              // A reply to the customer's message, within the 24 hours Meta allows.
              messaging_type: 'RESPONSE',
              message: partMessage(part, () => ({ attachment_id: uploaded })),
            },
            signal,
          );
        },
        graphSendRefusal,
      );
    },
  };
}
