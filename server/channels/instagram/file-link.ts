import { createHmac } from 'node:crypto';
import { secretMatches } from '../shared/derived-secret';

/** How long Meta has to fetch a reply's file by its link: ample for a send and its retries. */
export const FILE_LINK_TTL_MS = 60 * 60_000;

const signatureOf = (key: string, channelId: string, fileId: string, expires: number) =>
  createHmac('sha256', key)
    .update(`instagram-file:${channelId}:${fileId}:${String(expires)}`)
    .digest('base64url');

/**
 * A link Meta can fetch one of our files by (the Send API takes files only by URL): the
 * installation's public address, the channel and the file, an expiry and an HMAC of the three
 * keyed by the app secret — so only this adapter makes one, and it opens one file for an hour.
 */
export function signedFileUrl(
  publicUrl: string,
  key: string,
  channelId: string,
  fileId: string,
  now: number,
): string {
  const expires = Math.floor((now + FILE_LINK_TTL_MS) / 1000);
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
