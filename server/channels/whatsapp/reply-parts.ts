import { splitText } from '../shared/split-text';

/** A file of a reply, as bytes: uploaded to Meta first, then named by its media id. */
export type ReplyFile = { name: string; type: string; bytes: Buffer };

/** The Cloud API's media message kinds (developers.facebook.com/docs/whatsapp/cloud-api/reference/media). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** One Cloud API message of a reply. */
export type ReplyPart =
  { kind: 'text'; text: string } | { kind: MediaKind; file: ReplyFile; caption?: string };

/** A text message's body limit, and a media caption's. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;

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
export function replyParts(text: string, files: readonly ReplyFile[]): ReplyPart[] {
  const fileParts = files.map((file): ReplyPart => ({ kind: mediaKindOf(file), file }));
  const trimmed = text.trim();
  if (trimmed === '') return fileParts;
  const [first] = fileParts;
  if (first && first.kind !== 'text' && first.kind !== 'audio' && trimmed.length <= CAPTION_MAX)
    return [{ ...first, caption: trimmed }, ...fileParts.slice(1)];
  return [
    ...splitText(trimmed, TEXT_MAX).map((chunk): ReplyPart => ({ kind: 'text', text: chunk })),
    ...fileParts,
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
  const media: Record<string, unknown> = { id: mediaId };
  if (part.caption !== undefined) media.caption = part.caption;
  if (part.kind === 'document') media.filename = part.file.name;
  return { to: recipient, type: part.kind, [part.kind]: media };
}
