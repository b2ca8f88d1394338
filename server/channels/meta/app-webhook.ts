import type { ChannelAdapter } from '../adapter';
import { derivedSecret, secretMatches } from '../shared/derived-secret';
import { HUB_SIGNATURE_HEADER, hubSignatureMatches } from './hub-signature';
import { readMessengerBatch } from './messenger-webhook';

/**
 * The verify token of a Meta app's callback, for Meta's GET handshake: derived from the app
 * secret, so every instance answers alike with nothing stored. The installation's administrator
 * enters it in the app's dashboard with the callback address (docs/channels.md "Instagram").
 */
export const metaVerifyToken = (appSecret: string, product: 'instagram' | 'facebook'): string =>
  derivedSecret(appSecret, `${product}-verify`, 'app');

/**
 * A Meta app's one callback for every account of the installation (Instagram's and Messenger's
 * `appWebhook`): the GET handshake answered with the challenge when the verify token is ours,
 * and each POST checked by `X-Hub-Signature-256` over its raw bytes with the app secret before
 * anything of it is parsed, then split by account.
 */
export function metaAppWebhook(
  appSecret: string,
  product: 'instagram' | 'facebook',
): NonNullable<ChannelAdapter['appWebhook']> {
  const object = product === 'instagram' ? 'instagram' : 'page';
  return {
    handshake(query) {
      if (appSecret === '') return null;
      if (
        query['hub.mode'] !== 'subscribe' ||
        !secretMatches(query['hub.verify_token'], metaVerifyToken(appSecret, product))
      )
        return null;
      const challenge = query['hub.challenge'];
      return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge)
        ? challenge
        : null;
    },
    verify(request) {
      if (!hubSignatureMatches(request.headers[HUB_SIGNATURE_HEADER], appSecret, request.body))
        return { ok: false, status: 401, reason: 'wrong signature' };
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return { ok: false, status: 400, reason: 'not JSON' };
      }
      const batch = readMessengerBatch(body, object);
      if (!batch) return { ok: false, status: 400, reason: `not a ${product} webhook` };
      return { ok: true, accounts: batch.accounts, skipped: batch.skipped };
    },
  };
}
