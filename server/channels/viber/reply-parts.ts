import { splitText } from '../shared/split-text';

/** Viber's limits: a text message's length, a picture's size (JPEG/PNG) and a file's. */
export const VIBER_TEXT_MAX = 7000;
export const PICTURE_MAX_BYTES = 1024 * 1024;
export const FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The keyboard's text of a button (Viber allows 250; the spec's 64 bound saved buttons first). */
export const BUTTON_TEXT_MAX = 250;

export type ReplyFile = { id: string; name: string; type: string; size: number };

export type ViberPart =
  | { kind: 'text'; text: string }
  | { kind: 'picture'; file: ReplyFile }
  | { kind: 'file'; file: ReplyFile };

/**
 * The messages a reply takes: its text cut into messages of at most 7000 characters, then each
 * file — a JPEG or PNG of up to 1 MB as a picture, anything else as a file. Viber fetches both by
 * link. The buttons ride on the last message (partMessage).
 */
export function viberParts(text: string, files: readonly ReplyFile[]): ViberPart[] {
  const parts: ViberPart[] = splitText(text.trim(), VIBER_TEXT_MAX).map((chunk) => ({
    kind: 'text',
    text: chunk,
  }));
  for (const file of files)
    parts.push(
      (file.type === 'image/jpeg' || file.type === 'image/png') && file.size <= PICTURE_MAX_BYTES
        ? { kind: 'picture', file }
        : { kind: 'file', file },
    );
  return parts;
}

/**
 * A reply keyboard of the answers offered, one a row: a tap sends the answer's text back as the
 * customer's message (ActionType reply, ActionBody the text), which routing reads as their words.
 */
export const replyKeyboard = (buttons: readonly string[]) => ({
  Type: 'keyboard',
  DefaultHeight: false,
  Buttons: buttons.map((text) => ({
    ActionType: 'reply',
    ActionBody: text,
    Text: text.slice(0, BUTTON_TEXT_MAX),
    Columns: 6,
    Rows: 1,
  })),
});

/** A part as the send_message body's own fields (receiver and sender added by the adapter). */
export function partMessage(
  part: ViberPart,
  fileUrl: (file: ReplyFile) => string,
  buttons: readonly string[],
): Record<string, unknown> {
  const keyboard = buttons.length > 0 ? { keyboard: replyKeyboard(buttons) } : {};
  if (part.kind === 'text') return { type: 'text', text: part.text, ...keyboard };
  if (part.kind === 'picture')
    return { type: 'picture', text: '', media: fileUrl(part.file), ...keyboard };
  return {
    type: 'file',
    media: fileUrl(part.file),
    size: part.file.size,
    // Viber shows the name; it takes up to 256 characters.
    file_name: part.file.name.slice(0, 256),
    ...keyboard,
  };
}
