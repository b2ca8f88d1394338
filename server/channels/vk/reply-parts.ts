import { createHash } from 'node:crypto';
import { splitText } from '../shared/split-text';

/** messages.send's limits (dev.vk.com): a text of 4096 characters, 10 attachments. */
export const VK_TEXT_MAX = 4096;
export const VK_ATTACHMENTS_MAX = 10;
/** A keyboard button's label: 40 characters (channel-capabilities.ts keeps saved buttons within it). */
export const VK_BUTTON_LABEL_MAX = 40;
/** The photo formats VK takes for messages; any other file goes as a document. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

export type ReplyFile = { name: string; type: string; bytes: Buffer };

/** One messages.send of a reply: a text (maybe empty) and up to ten files. */
export type VkPart = { index: number; text: string; files: ReplyFile[] };

export const isVkPhoto = (file: { type: string }): boolean => PHOTO_TYPES.has(file.type);

/**
 * The messages a reply takes: its text cut at 4096 characters, the files riding on the last
 * piece, ten at most per message (more files, more messages). Each part is numbered, so its
 * random_id is the same on every try.
 */
export function vkParts(text: string, files: readonly ReplyFile[]): VkPart[] {
  const texts = splitText(text.trim(), VK_TEXT_MAX);
  const parts: { text: string; files: ReplyFile[] }[] = texts.map((chunk) => ({
    text: chunk,
    files: [],
  }));
  if (parts.length === 0 && files.length > 0) parts.push({ text: '', files: [] });
  let last = parts[parts.length - 1];
  for (const file of files) {
    if (!last || last.files.length === VK_ATTACHMENTS_MAX) {
      last = { text: '', files: [] };
      parts.push(last);
    }
    last.files.push(file);
  }
  return parts.map((part, index) => ({ index, ...part }));
}

/**
 * messages.send's `random_id` for one part of one of our messages: VK answers a repeat of it
 * (within the conversation's last hour) with the first message's id instead of sending again,
 * so a retry after a lost answer never sends twice. A signed 32-bit integer, never 0 (which
 * opts out of the check).
 */
export function randomIdOf(messageId: string, partIndex: number): number {
  const digest = createHash('sha256')
    .update(`${messageId}:${String(partIndex)}`)
    .digest();
  const value = digest.readInt32BE(0);
  return value === 0 ? 1 : value;
}

/**
 * The answers offered, as a one-time keyboard of text buttons, one a row: pressing one sends its
 * label back as the customer's message, which routing reads as their words.
 */
export function vkKeyboard(buttons: readonly string[]): string {
  return JSON.stringify({
    one_time: true,
    buttons: buttons.map((label, index) => [
      {
        action: {
          type: 'text',
          label: Array.from(label).slice(0, VK_BUTTON_LABEL_MAX).join(''),
          payload: JSON.stringify({ answer: index }),
        },
        color: 'secondary',
      },
    ]),
  });
}
