import * as v from 'valibot';
import { IdSchema, TimestampSchema } from './ids';

/**
 * Who wrote a chat's last message, as its list row names them: the customer, a staff reply, an
 * internal note (staff only), a bot, or the system.
 */
export const PREVIEW_AUTHORS = ['client', 'operator', 'note', 'bot', 'system'] as const;
export type PreviewAuthor = (typeof PREVIEW_AUTHORS)[number];

/**
 * The longest preview kept, in characters, ellipsis included: about two lines of the widest list,
 * far more than a row shows (the row cuts it again with CSS), small enough that 10,000 chat rows
 * carry it without weighing on bootstrap.
 */
export const PREVIEW_MAX_CHARS = 140;

/**
 * What a chat row says of its last message (issue 30): the chat list shows it without the
 * thread's messages, which the browser holds only for open chats. Plain text, never markup.
 */
export const ChatPreviewSchema = v.object({
  messageId: IdSchema,
  /** The first non-empty line, whitespace collapsed, cut; the file names when it is files only. */
  text: v.string(),
  by: v.picklist(PREVIEW_AUTHORS),
  /** The staff member who wrote it; null for the customer, bots and the system. */
  authorId: v.nullable(IdSchema),
  /** Whether `text` names the message's files (it had no text). */
  files: v.boolean(),
  at: TimestampSchema,
});
export type ChatPreview = v.InferOutput<typeof ChatPreviewSchema>;

/** The part of a message its preview is made of. */
export type PreviewSource = {
  id: string;
  authorKind: 'client' | 'operator' | 'bot' | 'system';
  authorId: string | null;
  text: string;
  internal: boolean;
  attachments: readonly { name: string }[];
  createdAt: string;
};

/** Cuts text to `max` characters (code points, so an emoji is never split), ending with "…". */
export function cutText(text: string, max: number = PREVIEW_MAX_CHARS): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** The first line of text that has something on it, its runs of whitespace made one space. */
export function firstLine(text: string): string {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const collapsed = line.replace(/\s+/g, ' ').trim();
    if (collapsed !== '') return collapsed;
  }
  return '';
}

/**
 * A message's preview for its chat's row. One function for the server, which stores it on the
 * chat as it writes the message, and the browser, which predicts it for a reply being sent, so
 * the two never disagree. Plain text: the row draws it as text, never as HTML.
 */
export function messagePreview(message: PreviewSource): ChatPreview {
  const line = firstLine(message.text);
  const files = line === '' && message.attachments.length > 0;
  return {
    messageId: message.id,
    text: cutText(files ? message.attachments.map((file) => file.name).join(', ') : line),
    by: message.internal ? 'note' : message.authorKind,
    authorId: message.authorId,
    files,
    at: message.createdAt,
  };
}
