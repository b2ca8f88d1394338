import { splitText } from '../shared/split-text';

/** A file of a reply, as bytes: uploaded to Meta first, then named by its media id. */
export type ReplyFile = { name: string; type: string; bytes: Buffer };

/** The Cloud API's media message kinds (developers.facebook.com/docs/whatsapp/cloud-api/reference/media). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** One Cloud API message of a reply; `choice` is a text with answers to tap (interactive). */
export type ReplyPart =
  | { kind: 'text'; text: string }
  | { kind: 'choice'; text: string; buttons: readonly string[] }
  | { kind: MediaKind; file: ReplyFile; caption?: string };

/** A text message's body limit, and a media caption's. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;
/** An interactive message's body (Cloud API "Interactive messages"). */
export const CHOICE_BODY_MAX = 1024;
/** Up to three reply buttons; more answers go as a list of up to ten rows. */
export const REPLY_BUTTONS_MAX = 3;
/** The label of the button that opens a list: symbols, since the channel's language is not known here. */
const LIST_LABEL = '☰';

/**
 * What WhatsApp shows as a photo, a video or a voice note, by type and size (Cloud API "Supported
 * media types"); any other file goes as a document, which takes every type up to 100 MB.
 */
const MEDIA_KINDS: {
  kind: Exclude<MediaKind, 'document'>;
  types: Set<string>;
  maxBytes: number;
}[] = [
  { kind: 'image', types: new Set(['image/jpeg', 'image/png']), maxBytes: 5 * 1024 * 1024 },
  { kind: 'video', types: new Set(['video/mp4', 'video/3gpp']), maxBytes: 16 * 1024 * 1024 },
  {
    kind: 'audio',
    types: new Set(['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg']),
    maxBytes: 16 * 1024 * 1024,
  },
];

export const mediaKindOf = (file: ReplyFile): MediaKind =>
  MEDIA_KINDS.find((media) => media.types.has(file.type) && file.bytes.length <= media.maxBytes)
    ?.kind ?? 'document';

/**
 * The messages a reply takes, in order. A reply with one file and a short text is one message (the
 * text as the file's caption; audio takes none), so it cannot arrive half; a longer text is cut
 * into messages of at most 4096 characters, before the files.
 */
export function replyParts(
  text: string,
  files: readonly ReplyFile[],
  buttons: readonly string[] = [],
): ReplyPart[] {
  const fileParts = files.map((file) => ({ kind: mediaKindOf(file), file }));
  const trimmed = text.trim();
  if (trimmed === '') return fileParts;
  if (buttons.length > 0) return [...choiceParts(trimmed, buttons), ...fileParts];
  const [first] = fileParts;
  if (first && first.kind !== 'audio' && trimmed.length <= CAPTION_MAX)
    return [{ ...first, caption: trimmed }, ...fileParts.slice(1)];
  return [
    ...splitText(trimmed, TEXT_MAX).map((chunk): ReplyPart => ({ kind: 'text', text: chunk })),
    ...fileParts,
  ];
}

/**
 * A text with answers offered (an auto-reply's buttons): the answers ride on the text's last
 * message, an interactive one whose body takes at most 1,024 characters, so a longer text goes
 * first as text messages. The customer's tap comes back as a message with the answer's title.
 */
function choiceParts(text: string, buttons: readonly string[]): ReplyPart[] {
  const chunks = splitText(text, TEXT_MAX);
  const last = chunks.pop() ?? '';
  const pieces = splitText(last, CHOICE_BODY_MAX);
  const body = pieces.pop() ?? '';
  return [
    ...[...chunks, ...pieces].map((chunk): ReplyPart => ({ kind: 'text', text: chunk })),
    { kind: 'choice', text: body, buttons },
  ];
}

/** One part as the Cloud API's message object, its file already uploaded under `mediaId`. */
export function partMessage(
  part: ReplyPart,
  recipient: string,
  mediaId: string | undefined,
): Record<string, unknown> {
  if (part.kind === 'text')
    return { to: recipient, type: 'text', text: { body: part.text, preview_url: false } };
  if (part.kind === 'choice') {
    const id = (index: number) => `answer-${String(index + 1)}`;
    const interactive =
      part.buttons.length <= REPLY_BUTTONS_MAX
        ? {
            type: 'button',
            body: { text: part.text },
            action: {
              buttons: part.buttons.map((title, index) => ({
                type: 'reply',
                reply: { id: id(index), title },
              })),
            },
          }
        : {
            type: 'list',
            body: { text: part.text },
            action: {
              button: LIST_LABEL,
              sections: [{ rows: part.buttons.map((title, index) => ({ id: id(index), title })) }],
            },
          };
    return { to: recipient, type: 'interactive', interactive };
  }
  const media: Record<string, unknown> = { id: mediaId };
  if (part.caption !== undefined) media.caption = part.caption;
  if (part.kind === 'document') media.filename = part.file.name;
  return { to: recipient, type: part.kind, [part.kind]: media };
}
