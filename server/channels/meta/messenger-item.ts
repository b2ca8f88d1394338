import * as v from 'valibot';
import { parseMessengerItem } from './messenger-webhook';

/** A customer's attachment as Meta describes it: a kind and a CDN link that expires. */
const AttachmentSchema = v.looseObject({
  type: v.string(),
  payload: v.optional(v.looseObject({ url: v.optional(v.string()) })),
});

/** What one stored messaging item says, before its files are fetched. */
export type MessengerInbound =
  | {
      kind: 'message';
      /** The customer's id for the account (Instagram's IGSID, Messenger's page-scoped id). */
      sender: string;
      text: string;
      /** Files to fetch now (the links expire), with the kind Meta gave. */
      files: { kind: string; url: string }[];
    }
  | { kind: 'ignored'; reason: string };

const FILE_KINDS = new Set(['image', 'video', 'audio', 'file']);

/**
 * A stored item as a customer's message: the text (a quick reply's tap is its title, which
 * Meta sends as the text; a postback button's is its title), the files to fetch, and a note for
 * what has no file of its own.
 */
export function itemToInbound(payload: unknown): MessengerInbound {
  const item = parseMessengerItem(payload);
  if (!item) return { kind: 'ignored', reason: 'not a messaging item' };
  const sender = item.sender.id;
  if (item.postback) return { kind: 'message', sender, text: item.postback.title ?? '', files: [] };
  const message = item.message;
  if (!message) return { kind: 'ignored', reason: 'not a message' };
  const files: { kind: string; url: string }[] = [];
  // Shared posts, stickers and story mentions have no file to keep: said in the text instead.
  const notes: string[] = [];
  for (const raw of message.attachments ?? []) {
    const attachment = v.safeParse(AttachmentSchema, raw);
    if (!attachment.success) continue;
    const { type, payload: body } = attachment.output;
    const url = body?.url;
    if (FILE_KINDS.has(type) && url && /^https?:\/\//.test(url)) files.push({ kind: type, url });
    else notes.push(`[${type}]${url && /^https?:\/\//.test(url) ? ` ${url}` : ''}`);
  }
  const text = [message.text ?? '', ...notes].filter((part) => part !== '').join('\n');
  if (text === '' && files.length === 0) return { kind: 'ignored', reason: 'an empty message' };
  return { kind: 'message', sender, text, files };
}
