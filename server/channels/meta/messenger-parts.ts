import { splitText } from '../shared/split-text';

/**
 * The Send API's limit on a text message: Instagram's 1000 characters, Messenger's 2000
 * ("message[text] must be at most …").
 */
export const INSTAGRAM_TEXT_MAX = 1000;
export const MESSENGER_TEXT_MAX = 2000;
/** Quick replies: up to 13, titles of 20 characters (longer ones Meta cuts). */
export const QUICK_REPLIES_MAX = 13;
export const QUICK_REPLY_TITLE_MAX = 20;

/** The Send API's attachment kinds; any other file goes as `file`. */
export type AttachmentKind = 'image' | 'video' | 'audio' | 'file';

export type ReplyFile = { id: string; name: string; type: string };

/** One Send API message of a reply. */
export type MessengerPart<F extends ReplyFile = ReplyFile> =
  | { kind: 'text'; text: string; quickReplies: readonly string[] }
  | { kind: 'attachment'; attachment: AttachmentKind; file: F };

/**
 * What Meta shows as a photo, a video or a voice note (its supported formats); the rest as a
 * file. Sizes are Meta's to refuse.
 */
export function attachmentKindOf(type: string): AttachmentKind {
  if (type === 'image/jpeg' || type === 'image/png' || type === 'image/gif') return 'image';
  if (type === 'video/mp4' || type === 'video/quicktime') return 'video';
  if (type === 'audio/aac' || type === 'audio/mp4' || type === 'audio/mpeg' || type === 'audio/wav')
    return 'audio';
  return 'file';
}

/**
 * The messages a reply takes, in order: the text cut into messages of at most `textMax`
 * characters, its buttons as quick replies under the last of them, then each file as a message
 * of its own (the Send API carries one attachment a message, and no caption).
 */
export function messengerParts<F extends ReplyFile>(
  text: string,
  files: readonly F[],
  buttons: readonly string[] = [],
  textMax = INSTAGRAM_TEXT_MAX,
): MessengerPart<F>[] {
  const texts = splitText(text.trim(), textMax);
  const quickReplies = buttons.slice(0, QUICK_REPLIES_MAX);
  const parts: MessengerPart<F>[] = texts.map((chunk, index) => ({
    kind: 'text',
    text: chunk,
    quickReplies: index === texts.length - 1 ? quickReplies : [],
  }));
  for (const file of files)
    parts.push({ kind: 'attachment', attachment: attachmentKindOf(file.type), file });
  return parts;
}

/**
 * A part as the Send API's `message` object; a file by what `filePayload` gives for it: a signed
 * link Meta fetches (Instagram), or the id of an upload (Messenger's attachment_id).
 */
export function partMessage<F extends ReplyFile>(
  part: MessengerPart<F>,
  filePayload: (file: F) => { url: string } | { attachment_id: string },
) {
  if (part.kind === 'attachment')
    return { attachment: { type: part.attachment, payload: filePayload(part.file) } };
  if (part.quickReplies.length === 0) return { text: part.text };
  return {
    text: part.text,
    quick_replies: part.quickReplies.map((title) => ({
      content_type: 'text',
      title: title.slice(0, QUICK_REPLY_TITLE_MAX),
      // The tap comes back as the title; the payload names the answer as it was written whole.
      payload: title,
    })),
  };
}
