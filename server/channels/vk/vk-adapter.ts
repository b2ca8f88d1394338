import type {
  AdapterChannel,
  ChannelAdapter,
  InboundMessage,
  SendResult,
  WebhookResult,
} from '../adapter';
/** The environment the registry makes adapters from (not imported: the registry imports this file). */
type AdapterEnvironment = Readonly<Record<string, string | undefined>>;
import { parseHttpUrl } from '../../config';
import { derivedSecret, secretMatches } from '../shared/derived-secret';
import { extensionOf, fetchCustomerFiles } from '../shared/fetched-file';
import { RepliesInParts } from '../shared/reply-parts-sent';
import { VkApiError, VkClient, type VkGroup } from './vk-client';
import { readVkEvent, vkEventToInbound } from './vk-events';
import { pollCommunity, VK_EVENTS } from './vk-long-poll';
import { isVkPhoto, randomIdOf, vkKeyboard, vkParts } from './reply-parts';

/** The title our callback server gets in the community's settings (VK allows 14 characters). */
const CALLBACK_TITLE = 'Inbox';
/** VK allows a callback secret of 50 characters; a derived one is 43. */
const SECRET_MAX = 50;

const tokenOf = (channel: AdapterChannel): string => channel.secrets.token ?? '';
const groupIdOf = (channel: AdapterChannel): number => Number(channel.settings.groupId ?? NaN);

/** The community's facts a channel keeps (the wizard and the channel list name it by these). */
const groupSettings = (group: VkGroup) => ({
  groupId: group.id,
  groupName: group.name,
  username: group.screenName,
  accountName: group.name,
});

/**
 * The secret VK sends in every Callback API post to this channel's address: derived from the
 * community's token, so nothing is stored and a new token makes a new secret.
 */
const callbackSecret = (channel: AdapterChannel): string =>
  derivedSecret(tokenOf(channel), 'vk-callback', channel.id).slice(0, SECRET_MAX);

/**
 * A VK community's bot (issue 23, docs/channels.md "VK"): connected in two sign-ins at VK — the
 * administrator's, which lists the communities they administer, then the community's, for the one
 * picked, which gives its token (`authorization`). With a public address VK posts the community's
 * events to our Callback API server, which it first confirms with a code; without one, the Bots
 * Long Poll. Replies go by messages.send with a random_id derived from our message id (a repeat
 * is never sent twice), files uploaded to VK first, the answers offered as a keyboard; a read is
 * VK's watermark over the replies before it.
 */
export function vkBotAdapter(env: AdapterEnvironment): ChannelAdapter {
  const client = new VkClient({
    api: parseHttpUrl('VK_API_ROOT', env.VK_API_ROOT || 'https://api.vk.ru'),
    oauth: parseHttpUrl('VK_OAUTH_ROOT', env.VK_OAUTH_ROOT || 'https://oauth.vk.ru'),
  });
  const app = { id: env.VK_APP_ID ?? '', secret: env.VK_APP_SECRET ?? '' };
  const replies = new RepliesInParts();
  /** Confirmation codes fetched as callback servers are added, for the request that follows. */
  const confirmationCodes = new Map<string, string>();

  const confirmationCode = async (channel: AdapterChannel): Promise<string> => {
    const known = confirmationCodes.get(channel.id);
    if (known !== undefined) return known;
    // Another instance added the server, or this one restarted: VK tells the code again.
    const code = await client.confirmationCode(tokenOf(channel), groupIdOf(channel));
    confirmationCodes.set(channel.id, code);
    return code;
  };

  return {
    type: 'vk_bot',

    authorization: {
      configured: app.id !== '' && app.secret !== '',
      authorizeUrl: ({ state, redirectUri, choice }) =>
        client.authorizeUrl({
          appId: app.id,
          state,
          redirectUri,
          ...(choice !== undefined ? { groupId: choice } : {}),
        }),
      async exchange({ code, redirectUri, choice }, signal) {
        const granted = await client.exchangeCode(app, code, redirectUri, signal);
        if (choice === undefined) {
          if (granted.userToken === undefined) throw new Error('VK gave no person’s token');
          const groups = await client.adminGroups(granted.userToken, signal);
          return {
            choices: groups.map((group) => ({
              id: String(group.id),
              name: group.name,
              username: group.screenName || null,
            })),
          };
        }
        const token = granted.groupTokens.get(Number(choice));
        if (token === undefined) throw new Error('VK gave no token for the community picked');
        const group = await client.ownGroup(token, signal);
        return { secrets: { token }, settings: groupSettings(group) };
      },
    },

    async check(credentials, signal) {
      const token = credentials.secrets.token;
      if (!token) return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      try {
        const group = await client.ownGroup(token, signal);
        return { ok: true, identity: String(group.id), settings: groupSettings(group) };
      } catch (error) {
        if (!(error instanceof VkApiError) || error.code === 0) throw error;
        return { ok: false, error: 'SERVICE_ACCOUNT_INVALID_TOKEN', field: 'grant' };
      }
    },

    async start(context) {
      const { channel, signal } = context;
      const token = tokenOf(channel);
      const groupId = groupIdOf(channel);
      if (context.webhookUrl === null) {
        const running = pollCommunity(client, token, groupId, context);
        return { stop: () => running };
      }
      const url = context.webhookUrl;
      confirmationCodes.set(channel.id, await client.confirmationCode(token, groupId, signal));
      const secret = callbackSecret(channel);
      const ours = (await client.callbackServers(token, groupId, signal)).find(
        (server) => server.url === url,
      );
      // Our address listed already (a restart, a new token): the same server, its secret renewed.
      const serverId = ours
        ? (await client.editCallbackServer(
            token,
            { groupId, serverId: ours.id, url, title: CALLBACK_TITLE, secret },
            signal,
          ),
          ours.id)
        : await client.addCallbackServer(
            token,
            { groupId, url, title: CALLBACK_TITLE, secret },
            signal,
          );
      await client.setEvents(token, { groupId, serverId }, VK_EVENTS, signal);
      context.health({ connected: true });
      return { stop: () => Promise.resolve() };
    },

    async webhook(channel, request): Promise<WebhookResult> {
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const fields = (body ?? {}) as Record<string, unknown>;
      // VK signs nothing: the secret it was given rides in the body, compared in constant time.
      if (!secretMatches(fields.secret, callbackSecret(channel)))
        return { ok: false, status: 403, reason: 'wrong secret' };
      if (fields.group_id !== groupIdOf(channel))
        return { ok: false, status: 403, reason: 'another community' };
      if (fields.type === 'confirmation') {
        // VK not answering for the code: refused, VK marks the server failed, the next start adds it again.
        const code = await confirmationCode(channel).catch(() => null);
        return code === null
          ? { ok: false, status: 400, reason: 'the confirmation code could not be fetched' }
          : { ok: true, events: [], answer: code };
      }
      const batch = readVkEvent(body, groupIdOf(channel));
      return { ok: true, ...batch, answer: 'ok' };
    },

    async toMessage(channel, event, signal): Promise<InboundMessage> {
      const inbound = vkEventToInbound(event.payload);
      if (inbound.kind === 'ignored') return { kind: 'ignore', reason: inbound.reason };
      const { text, files } = await fetchCustomerFiles(
        inbound.files.map((link, index) => ({
          url: link.url,
          name: (type) => link.name ?? `vk-${link.kind}-${String(index + 1)}.${extensionOf(type)}`,
        })),
        inbound.text,
        signal,
      );
      const name = await client.personName(tokenOf(channel), inbound.peerId, signal);
      return {
        kind: 'message',
        client: { externalId: String(inbound.peerId), ...(name ? { name } : {}) },
        text,
        files,
      };
    },

    send(channel, message, signal): Promise<SendResult> {
      const token = tokenOf(channel);
      const parts = vkParts(message.text, message.files);
      const buttons = message.buttons ?? [];
      const lastIndex = parts.length - 1;
      return replies.send(
        message.messageId,
        parts,
        async (part) => {
          const attachments: string[] = [];
          for (const file of part.files)
            attachments.push(
              isVkPhoto(file)
                ? await client.uploadPhoto(token, message.recipient, file, signal)
                : await client.uploadDoc(token, message.recipient, file, signal),
            );
          return client.send(
            token,
            {
              peer_id: message.recipient,
              random_id: randomIdOf(message.messageId, part.index),
              message: part.text,
              ...(attachments.length > 0 ? { attachment: attachments.join(',') } : {}),
              ...(part.index === lastIndex && buttons.length > 0
                ? { keyboard: vkKeyboard(buttons) }
                : {}),
            },
            signal,
          );
        },
        (error) => {
          if (!(error instanceof VkApiError)) return undefined;
          if (error.tokenLapsed) return { kind: 'reauthorize', reason: error.description };
          if (error.retryable) return { kind: 'retry', reason: error.message };
          if (error.code === 901)
            return {
              kind: 'failed',
              reason: 'The customer does not allow messages from the community',
            };
          return { kind: 'failed', reason: error.description };
        },
        // VK's read receipt names the last message read: a reply is known by its last part.
        'last',
      );
    },
  };
}
