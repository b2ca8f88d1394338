import { splitText as splitTextAt } from '../shared/split-text';

/** A file of a reply, as bytes. */
export type ReplyFile = { name: string; type: string; bytes: Buffer };

/** One Bot API call of a reply. */
export type ReplyPart =
  /** `keyboard`: answers offered under the message, each a button that sends its own text. */
  | { kind: 'text'; text: string; keyboard?: readonly string[] }
  | { kind: 'photo' | 'document'; file: ReplyFile; caption?: string };

/** sendMessage's text limit and the caption limit of sendPhoto and sendDocument (Bot API). */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;
/** sendPhoto takes photos up to 10 MB in these formats; any other file goes as a document. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The calls a reply takes, in order. A reply with one file and a short text is one call (the
 * text as the file's caption), so it cannot arrive half; a longer text is cut into messages of
 * at most 4096 characters, at a line or word break where there is one, before the files.
 */
export function replyParts(
  text: string,
  files: readonly ReplyFile[],
  buttons: readonly string[] = [],
): ReplyPart[] {
  const fileParts: ReplyPart[] = files.map((file) => ({
    kind: PHOTO_TYPES.has(file.type) && file.bytes.length <= PHOTO_MAX_BYTES ? 'photo' : 'document',
    file,
  }));
  const trimmed = text.trim();
  const [first] = fileParts;
  if (trimmed === '') return fileParts;
  if (buttons.length > 0) {
    // The answers go under the text's last message, the files after it.
    const chunks = splitText(trimmed);
    return [
      ...chunks.map((chunk, index): ReplyPart =>
        index === chunks.length - 1
          ? { kind: 'text', text: chunk, keyboard: buttons }
          : { kind: 'text', text: chunk },
      ),
      ...fileParts,
    ];
  }
  if (first && first.kind !== 'text' && trimmed.length <= CAPTION_MAX) {
    return [{ ...first, caption: trimmed }, ...fileParts.slice(1)];
  }
  return [
    ...splitText(trimmed).map((chunk) => ({ kind: 'text' as const, text: chunk })),
    ...fileParts,
  ];
}

/** Cuts a text into pieces of at most TEXT_MAX characters (shared/split-text.ts). */
export const splitText = (text: string): string[] => splitTextAt(text, TEXT_MAX);
