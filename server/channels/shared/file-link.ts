import { createHmac } from 'node:crypto';
import { secretMatches } from '../shared/derived-secret';

/** How long a provider has to fetch a reply's file by its link: ample for a send and its retries. */
export const FILE_LINK_TTL_MS = 60 * 60_000;

const signatureOf = (key: string, channelId: string, fileId: string, expires: number) =>
  createHmac('sha256', key)
    .update(`channel-file:${channelId}:${fileId}:${String(expires)}`)
    .digest('base64url');

/**
 * A link a provider that takes files only by URL (Instagram's Send API, Viber's media) can fetch
 * one of our files by: the installation's public address, the channel and the file, an expiry and
 * an HMAC of the three keyed by a secret only the channel's adapter holds (an app secret, a bot
 * token) — so only that adapter makes one, and it opens one file until it expires.
 */
export function signedFileUrl(
  publicUrl: string,
  key: string,
  channelId: string,
  fileId: string,
  now: number,
  ttlMs = FILE_LINK_TTL_MS,
): string {
  const expires = Math.floor((now + ttlMs) / 1000);
  const url = new URL(`${publicUrl.replace(/\/$/, '')}/api/channels/${channelId}/files/${fileId}`);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signatureOf(key, channelId, fileId, expires));
  return url.toString();
}

/** Whether a request's query is a link this key signed for this file, and not expired. */
export function fileLinkValid(
  key: string,
  channelId: string,
  fileId: string,
  query: Readonly<Record<string, unknown>>,
  now: number,
): boolean {
  if (key === '') return false;
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  return secretMatches(query.signature, signatureOf(key, channelId, fileId, expires));
}
